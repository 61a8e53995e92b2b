import Booking
import Credits
import FitContract
import FitCore
import Foundation
import Members
import Notifications
import ScenarioBackends
import StudioDesk
import Testing
import Waitlist

/// The studio's desk, written once and run on every backend: staff run their own studio's classes and nothing else,
/// and cancelling a class refunds every booking in full, once, closes its line and tells everyone.
@Suite("The studio's desk on every backend")
struct DeskScenarioTests {
    /// A studio's owner and instructor, fresh accounts staff of the seed's London studio.
    struct Staff {
        var owner: UUID
        var instructor: UUID
    }

    static func staff(_ session: ScenarioSession) async throws -> Staff {
        let stamp = UUID().uuidString.lowercased().prefix(8)
        let accounts = try await session.backOffice.createAccounts([
            NewAccount(email: "owner-\(stamp)@example.com", displayName: "Olive Owner"),
            NewAccount(email: "instructor-\(stamp)@example.com", displayName: "Ivan Instructor"),
        ])
        try await session.backOffice.addStaff(accounts[0].id, to: session.seed.londonStudio, as: .owner)
        try await session.backOffice.addStaff(accounts[1].id, to: session.seed.londonStudio, as: .instructor)
        return Staff(owner: accounts[0].id, instructor: accounts[1].id)
    }

    /// A class at `studio` starting in 30 hours (real time: PostgreSQL's now() is the server's).
    static func addClass(
        _ session: ScenarioSession, at studio: UUID, capacity: Int = 2, cost: Decimal = 2, startsIn hours: Double = 30
    ) async throws -> UUID {
        try await session.backOffice.addSession(
            at: studio, name: "Desk class", startsAt: WireDate.wireRounded(Date().addingTimeInterval(hours * 3600)),
            capacity: capacity, creditCost: cost)
    }

    static func status(of booking: UUID, in session: ScenarioSession) async throws -> ClassBooking.Status {
        let stored: ClassBooking = try await session.service.from("bookings").select().eq("id", value: booking)
            .single().execute().value
        return stored.status
    }

    @Test(
        "staff cancel a class: each booking refunded in full once, the line closed, everyone booked or waiting told",
        arguments: ScenarioBackend.available)
    func cancellingAClass(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let staff = try await Self.staff(session)
            let seed = session.seed
            let id = try await Self.addClass(session, at: seed.londonStudio)
            let alice = BookingQueries(client: session.client(seed.alice.id))
            let bob = BookingQueries(client: session.client(seed.bob.id))
            let aliceBooking = try await alice.bookSession(id: id)
            let bobBooking = try await bob.bookSession(id: id)
            _ = try await WaitlistQueries(client: session.client(seed.carol.id)).join(sessionId: id)
            let aliceBalance = try await CreditsQueries(client: session.client(seed.alice.id)).getSummary().balance

            let desk = DeskQueries(client: session.client(staff.instructor))
            // In booking order; two bookings in the same millisecond (the embedded database's clock) go by id.
            #expect(
                Set(try await desk.roster(of: id).map(\.displayName)) == [seed.alice.displayName, seed.bob.displayName])
            let cancellation = try await desk.cancelClass(id: id)
            #expect(cancellation == ClassCancellation(sessionId: id, cancelledBookings: 2, refundedCredits: 4))

            #expect(try await Self.status(of: aliceBooking.id, in: session) == .cancelled)
            #expect(try await Self.status(of: bobBooking.id, in: session) == .cancelled)
            #expect(
                try await CreditsQueries(client: session.client(seed.alice.id)).getSummary().balance == aliceBalance + 2
            )
            #expect(try await desk.roster(of: id) == [])
            // Once: the member's own cancellation finds nothing active, and the desk's second one is refused.
            await #expect(throws: BookingError.bookingNotActive) { try await alice.cancelBooking(id: aliceBooking.id) }
            await #expect(throws: DeskError.alreadyCancelled) { try await desk.cancelClass(id: id) }
            await #expect(throws: BookingError.classCancelled) { try await bob.bookSession(id: id) }

            func told(_ member: UUID) async throws -> [MemberNotification.Kind] {
                try await NotificationsQueries(client: session.client(member)).inbox()
                    .filter { $0.classSessionId == id }.map(\.kind).sorted { $0.rawValue < $1.rawValue }
            }
            #expect(try await told(seed.alice.id) == [.classCancelled, .refund])
            #expect(try await told(seed.carol.id) == [.classCancelled])
            let carolsLine = try await WaitlistQueries(client: session.client(seed.carol.id)).entries()
                .filter { $0.classSessionId == id }
            #expect(carolsLine.map(\.status) == [.closed])
        }
    }

    @Test(
        "staff of one studio can do nothing to another's classes or rules, and nothing changes",
        arguments: ScenarioBackend.available)
    func anotherStudiosClasses(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let staff = try await Self.staff(session)
            let elsewhere = try await Self.addClass(session, at: session.seed.newYorkStudio, capacity: 5)
            let booking = try await BookingQueries(client: session.client(session.seed.alice.id))
                .bookSession(id: elsewhere)
            let owner = DeskQueries(client: session.client(staff.owner))
            await #expect(throws: DeskError.notStaff) { try await owner.cancelClass(id: elsewhere) }
            await #expect(throws: DeskError.notStaff) { try await owner.setCapacity(9, of: elsewhere) }
            await #expect(throws: DeskError.notStaff) { _ = try await owner.roster(of: elsewhere) }
            await #expect(throws: DeskError.notStaff) {
                try await owner.setFullRefundWindow(minutes: 0, at: session.seed.newYorkStudio)
            }
            #expect(try await Self.status(of: booking.id, in: session) == .active)
            let shown = try await BookingQueries(client: session.client(session.seed.alice.id))
                .getTimetable(from: Date(), to: Date().addingTimeInterval(31 * 3600))
                .first { $0.sessionId == elsewhere }
            #expect(shown?.capacity == 5 && shown?.isCancelled == false)
            #expect(shown?.fullRefundUntil == shown?.startTime?.addingTimeInterval(-12 * 3600))
        }
    }

    @Test(
        "members who are not staff get FD001; anonymous callers and the service role FB009",
        arguments: ScenarioBackend.available)
    func onlyStaff(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let id = try await Self.addClass(session, at: session.seed.londonStudio)
            let member = DeskQueries(client: session.client(session.seed.alice.id))
            await #expect(throws: DeskError.notStaff) { try await member.cancelClass(id: id) }
            await #expect(throws: DeskError.notStaff) {
                try await member.setFullRefundWindow(minutes: 0, at: session.seed.londonStudio)
            }
            for client in [session.anonymous, session.service] {
                let error = await #expect(throws: DatabaseError.self) {
                    try await DeskQueries(client: client).cancelClass(id: id)
                }
                #expect(error?.code == AccountError.notSignedIn.rawValue)
            }
            // Nor can anyone but the service role write the staff table.
            let write = await #expect(throws: DatabaseError.self) {
                try await session.client(session.seed.alice.id).from("studio_staff")
                    .insert(["studio_id": session.seed.londonStudio, "member_id": session.seed.alice.id])
                    .execute()
            }
            #expect(write?.code == "42501")
        }
    }

    @Test(
        "an instructor changes capacity (the line moves up) but only an owner sets the refund window",
        arguments: ScenarioBackend.available)
    func capacityAndPolicies(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let staff = try await Self.staff(session)
            let seed = session.seed
            let id = try await Self.addClass(session, at: seed.londonStudio, capacity: 1)
            _ = try await BookingQueries(client: session.client(seed.alice.id)).bookSession(id: id)
            _ = try await WaitlistQueries(client: session.client(seed.bob.id)).join(sessionId: id)

            let instructor = DeskQueries(client: session.client(staff.instructor))
            await #expect(throws: DeskError.invalidCapacity) { try await instructor.setCapacity(-1, of: id) }
            try await instructor.setCapacity(2, of: id)
            #expect(Set(try await instructor.roster(of: id).map(\.memberId)) == [seed.alice.id, seed.bob.id])

            await #expect(throws: DeskError.notStaff) {
                try await instructor.setFullRefundWindow(minutes: 60, at: seed.londonStudio)
            }
            let owner = DeskQueries(client: session.client(staff.owner))
            await #expect(throws: DeskError.invalidRefundWindow) {
                try await owner.setFullRefundWindow(minutes: 43_201, at: seed.londonStudio)
            }
            try await owner.setFullRefundWindow(minutes: 60, at: seed.londonStudio)
            let shown = try await BookingQueries(client: session.client(seed.alice.id))
                .getTimetable(from: Date(), to: Date().addingTimeInterval(31 * 3600)).first { $0.sessionId == id }
            #expect(shown?.fullRefundUntil == shown?.startTime?.addingTimeInterval(-3600))

            await #expect(throws: DeskError.classNotFound) { try await owner.cancelClass(id: UUID()) }
            let started = try await Self.addClass(session, at: seed.londonStudio, startsIn: -1)
            await #expect(throws: DeskError.classStarted) { try await owner.cancelClass(id: started) }
        }
    }

    @Test(
        "the studio cancels a class while members book and join its line: nothing charged, each refund once",
        arguments: ScenarioBackend.available)
    func cancellingWhileMembersBook(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let staff = try await Self.staff(session)
            let id = try await Self.addClass(session, at: session.seed.londonStudio, capacity: 3, cost: 2)
            let stamp = UUID().uuidString.lowercased().prefix(8)
            let members = try await session.backOffice.createAccounts(
                (0..<8).map { NewAccount(email: "rush-\(stamp)-\($0)@example.com") })
            for member in members { try await session.backOffice.addCredits(10, to: member.id) }

            let cancellation = try await withThrowingTaskGroup(of: ClassCancellation?.self) { group in
                for member in members {
                    group.addTask {
                        let booking = BookingQueries(client: session.client(member.id))
                        do {
                            _ = try await booking.bookSession(id: id)
                        } catch BookingError.sessionFull {
                            _ = try? await WaitlistQueries(client: session.client(member.id)).join(sessionId: id)
                        } catch BookingError.classCancelled {}
                        return nil
                    }
                }
                group.addTask { try await DeskQueries(client: session.client(staff.owner)).cancelClass(id: id) }
                var result: ClassCancellation?
                for try await done in group { result = done ?? result }
                return result
            }
            let done = try #require(cancellation)
            #expect(done.refundedCredits == Decimal(done.cancelledBookings) * 2)
            for member in members {
                // Every member ends where they started: any debit was refunded, exactly once.
                let credits = CreditsQueries(client: session.client(member.id))
                #expect(try await credits.getSummary().balance == 10)
                let ledger = try await credits.getLedger()
                let refunds = ledger.filter { $0.reason == .refund }
                let debits = ledger.filter { $0.reason == .booking }
                #expect(refunds.count == debits.count && refunds.count <= 1)
                let active = try await BookingQueries(client: session.client(member.id))
                    .getActiveBookings(memberId: member.id, classSessionIds: [id])
                #expect(active.isEmpty)
            }
            let waiting =
                try await session.service.from("waitlist_entries").select("id")
                .eq("class_session_id", value: id).eq("status", value: "waiting").execute().value as [[String: UUID]]
            #expect(waiting.isEmpty)
        }
    }
}
