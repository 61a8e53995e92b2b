import Booking
import Credits
import Events
import FitContract
import FitCore
import Foundation
import History
import Members
import ScenarioBackends
import Testing
import Waitlist

/// Accounts, written once and run on every backend: sign-up makes the member whatever the kind of account, a member
/// sees only their own row, and deleting an account cancels its future bookings and leaves nothing of the member.
@Suite("Accounts on every backend")
struct AccountScenarioTests {
    /// The tables whose rows name a member in `member_id`.
    static let memberTables = [
        "bookings", "credit_ledger", "events", "exercise_ratings", "exercise_history", "workouts", "waitlist_entries",
    ]

    @Test(
        "an email, a phone-only and an anonymous account each get a member who can book and read their credits",
        arguments: ScenarioBackend.available)
    func everyKindOfAccountGetsAMember(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            // Unique per run: the PostgreSQL database is shared by every case.
            let stamp = UUID().uuidString.lowercased().prefix(8)
            let phone = "+4477\(UInt32(stamp, radix: 16)!)"
            let members = try await session.backOffice.createAccounts([
                NewAccount(email: "ema-\(stamp)@example.com", timeZone: "Europe/London"),
                NewAccount(phone: phone),
                NewAccount(isAnonymous: true),
            ])
            #expect(members.map(\.displayName) == ["ema-\(stamp)", phone, "Member"])
            #expect(members.map(\.email) == ["ema-\(stamp)@example.com", nil, nil])
            #expect(members.map(\.timeZone) == ["Europe/London", "UTC", "UTC"])

            for member in members {
                try await session.backOffice.addCredits(5, to: member.id)
                let client = session.client(member.id)
                #expect(try await MembersQueries(client: client).getMembers() == [member])
                let booking = try await BookingQueries(client: client).bookSession(id: session.seed.upcomingClass)
                #expect(booking.memberId == member.id)
                #expect(try await CreditsQueries(client: client).getSummary().balance == 3)
            }
            // Each sees their own row only: asking for another's by id finds nothing.
            let others: [Member] = try await session.client(members[0].id).from("members")
                .select("id, display_name, email, time_zone").eq("id", value: members[1].id).execute().value
            #expect(others.isEmpty)
        }
    }

    @Test(
        "creating an account whose id exists changes nothing and returns its member",
        arguments: ScenarioBackend.available)
    func creatingTwiceChangesNothing(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let maya = session.seed.maya
            let again = try await session.backOffice.createAccounts([
                NewAccount(id: maya.id, email: "someone-else@example.com", displayName: "Someone Else")
            ])
            #expect(again == [maya])
        }
    }

    @Test("a member without an auth user is refused, even from the service role", arguments: ScenarioBackend.available)
    func aMemberNeedsAnAuthUser(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let id = UUID()
            let error = await #expect(throws: DatabaseError.self) {
                try await session.service.from("members").insert(
                    ["id": .string(id.uuidString), "display_name": "Nobody"] as JSONValue
                ).execute()
            }
            #expect(error?.isForeignKeyViolation(table: "members", column: "id") == true)
            #expect(error?.details == "Key (id)=(\(id.uuidString.lowercased())) is not present in table \"users\".")
        }
    }

    @Test("a client that is not the service role cannot create accounts", arguments: ScenarioBackend.available)
    func onlyTheServiceRoleCreatesAccounts(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let error = await #expect(throws: DatabaseError.self) {
                try await BackOffice(service: session.client(session.seed.alice.id)).createAccounts([
                    NewAccount(isAnonymous: true)
                ])
            }
            #expect(error?.code == "42501")
        }
    }

    @Test(
        "deleting an account cancels its future bookings, so the spots return, then leaves no row that names the member",
        arguments: ScenarioBackend.available)
    func deletingAnAccount(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let seed = session.seed
            let member = try await session.backOffice.addMember("Leaver", credits: 20)
            let client = session.client(member.id)
            _ = try await BookingQueries(client: client).bookSession(id: seed.upcomingClass)
            // A booking of a class that has started stays a booking (it is not cancelled) until the account goes.
            try await session.service.insertSeedRows(
                [["member_id": member.id, "class_session_id": seed.startedClass]], into: "bookings")
            _ = try await EventsQueries(client: client).createEvent(Event(title: "Race day", date: Date()))
            let exercise = try #require(try await HistoryQueries(client: client).getExercises().first)
            _ = try await RatingsQueries(client: client).saveRating(4, exerciseId: exercise.id, at: Date())
            _ = try await HistoryQueries(client: client).createCompletion(exerciseId: exercise.id, completedAt: Date())
            _ = try await WorkoutsQueries(client: client).createWorkout(
                WorkoutDraft(title: "Legs", performedAt: Date()))
            _ = try await WaitlistQueries(client: client).join(sessionId: seed.fullClass)
            for table in Self.memberTables {
                #expect(try await rows(of: member.id, in: table, session) > 0, "\(table)")
            }
            let spotsBefore = try await spots(seed.upcomingClass, session)

            let deletion = try await MembersQueries(client: client).deleteAccount()

            #expect(deletion == AccountDeletion(memberId: member.id, cancelledBookings: 1))
            #expect(try await spots(seed.upcomingClass, session) == spotsBefore + 1)
            for table in Self.memberTables {
                #expect(try await rows(of: member.id, in: table, session) == 0, "\(table)")
            }
            let left: [Member] = try await session.service.from("members").select("id, display_name, email, time_zone")
                .eq("id", value: member.id).execute().value
            #expect(left.isEmpty)
            // The token still works until it expires, but nothing acts for the member any more.
            await #expect(throws: AccountError.noMemberProfile) {
                try await MembersQueries(client: client).deleteAccount()
            }
            await #expect(throws: BookingError.noMemberProfile) {
                try await BookingQueries(client: client).bookSession(id: seed.upcomingClass)
            }
            // Everyone else's rows are untouched.
            #expect(try await rows(of: seed.maya.id, in: "bookings", session) > 0)
        }
    }

    @Test("deleting needs a signed-in member", arguments: ScenarioBackend.available)
    func deletingNeedsAMember(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            await #expect(throws: AccountError.noMemberProfile) {
                try await MembersQueries(client: session.client(UUID())).deleteAccount()
            }
        }
    }

    private func rows(of member: UUID, in table: String, _ session: ScenarioSession) async throws -> Int {
        let rows: [JSONValue] = try await session.service.from(table).select().eq("member_id", value: member)
            .execute().value
        return rows.count
    }

    private func spots(_ sessionId: UUID, _ session: ScenarioSession) async throws -> Int {
        struct Row: Decodable { var spotsRemaining: Int }
        let row: Row = try await session.service.from("bookable_sessions").select("spots_remaining")
            .eq("session_id", value: sessionId).single().execute().value
        return row.spotsRemaining
    }
}
