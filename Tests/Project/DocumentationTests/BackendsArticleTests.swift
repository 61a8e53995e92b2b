import Booking
import Credits
import Events
import FitContract
import FitCore
import FitInMemory
import FitStores
import FitTesting
import Foundation
import Members
import PostgRESTTestServer
import Testing

/// The Backends article's snippets, run: the in-memory file across launches, an unreachable Supabase project, and
/// the Supabase project path over the PostgREST test server.
@Suite struct BackendsArticleTests {
    @Test func theLocalDatabaseKeepsEventsAcrossLaunches() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let seed = try InMemoryDatabase.embedded(persistingTo: folder.appendingPathComponent("fitkit.sqlite"))
        let memberId = try await BackOffice(service: seed.client(as: .service)).addMember("Alice Adams").id

        let event = Event(title: "Race day", date: FitFixture.referenceDate)
        try await BackendsArticleExamples.openLocalDatabase(in: folder, memberId: memberId).add(event)
        let reopened = try BackendsArticleExamples.openLocalDatabase(in: folder, memberId: memberId)
        await reopened.load()

        #expect(reopened.events == [event])
    }

    @Test func aMemberWhoSignedUpBooksThenDeletesTheirAccount() async throws {
        let database = try InMemoryDatabase.embedded()
        let backOffice = BackOffice(service: database.client(as: .service))
        // Standing in for Supabase Auth's sign-up: an auth user with the sign-up's data, which makes the member.
        let maya = try await backOffice.createAccounts([
            NewAccount(email: "maya@example.com", displayName: "Maya Thompson", timeZone: "Europe/London")
        ])[0]
        let studio = try await backOffice.addStudio(name: "FitKit Studio", timeZone: "Europe/London")
        let yoga = try await backOffice.addSession(
            at: studio, name: "Yoga Flow", startsAt: Date().addingTimeInterval(86_400), creditCost: 2)
        try await backOffice.addCredits(10, to: maya.id)
        let server = try await PostgRESTTestServer.start(database: database, anonKey: "anon-key")
        do {
            let token = UnsignedToken.member(maya.id, expiresAt: .distantFuture)
            let deletion = try await BackendsArticleExamples.bookThenDeleteTheAccount(
                projectURL: server.baseURL, anonKey: "anon-key", accessToken: { token }, classId: yoga)
            #expect(deletion == AccountDeletion(memberId: maya.id, cancelledBookings: 1))
            let left: [JSONValue] = try await database.client(as: .service).from("members").select().execute().value
            #expect(left.isEmpty)
            try await server.stop()
        } catch {
            try? await server.stop()
            throw error
        }
    }

    /// As the article sets FitSupabase up — the default Realtime transport at the project's own URL (the build's
    /// WebSocket transport on Linux), the contract — a member's timetable follows another member's booking live.
    @Test(.enabled(if: PostgRESTTestServer.servesRealtimeOverWebSockets))
    func theArticlesTimetableFollowsAnotherMembersBooking() async throws {
        let database = try InMemoryDatabase.embedded()
        let backOffice = BackOffice(service: database.client(as: .service))
        let members = try await backOffice.addMembers(["Maya", "Priya"], credits: 10)
        let studio = try await backOffice.addStudio(name: "FitKit Studio", timeZone: "Europe/London")
        let yoga = try await backOffice.addSession(
            at: studio, name: "Yoga Flow", startsAt: Date().addingTimeInterval(86_400), capacity: 8)
        let server = try await PostgRESTTestServer.start(database: database, anonKey: "anon-key")
        do {
            let token = UnsignedToken.member(members[0].id, expiresAt: .distantFuture)
            let (timetable, following) = await BackendsArticleExamples.followTheTimetable(
                projectURL: server.baseURL, anonKey: "anon-key", accessToken: { token })
            #expect(timetable.timetable?.sessions.first { $0.sessionId == yoga }?.spotsRemaining == 8)
            _ = try await BookingQueries(client: database.client(as: .member(members[1].id))).bookSession(id: yoga)
            await waitUntil { timetable.timetable?.sessions.first { $0.sessionId == yoga }?.spotsRemaining == 7 }
            following.cancel()
            await following.value
            #expect(timetable.error == nil)
            try await server.stop()
        } catch {
            try? await server.stop()
            throw error
        }
    }

    @Test func aSupabaseStoreReportsAnUnreachableProjectAsAConnectionError() async throws {
        // Port 9 on the loopback interface: nothing listens, so the connection is refused at once.
        let store = BackendsArticleExamples.connectToSupabase(
            projectURL: URL(string: "http://127.0.0.1:9")!, anonKey: "anon-key", accessToken: { nil })
        await store.load()

        #expect(store.summary == nil)
        #expect(store.error is ConnectionError)
    }
}
