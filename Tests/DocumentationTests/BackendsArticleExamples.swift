import Booking
import Credits
import Events
import FitContract
import FitCore
import FitInMemory
import FitSupabase
import FitTesting
import Foundation
import Members
import PostgRESTTestServer
import Testing

#if Postgres
    import FitPostgres
#endif

/// The code of the "Backends" article (Modules/FitCore/FitCore.docc/Backends.md), verbatim. The in-memory and
/// Supabase snippets run here; the PostgreSQL one is compiled with the `Postgres` trait (as scripts/test.sh
/// builds it) and not run: FitPostgresTests cover `withDatabase` against a real server.
@Suite struct BackendsArticleExamples {
    /// The in-memory snippet: an app without a server keeps its data in a file.
    static func openLocalDatabase(in folder: URL, memberId: UUID) throws -> EventsStore {
        let file = folder.appendingPathComponent("fitkit.json")
        let database = try InMemoryDatabase.embedded(persistingTo: file)
        return EventsStore(queries: EventsQueries(client: database.client(as: .member(memberId))))
    }

    /// The Supabase snippet: the project URL, its anon key, and the signed-in member's token.
    static func connectToSupabase(
        projectURL: URL, anonKey: String, accessToken: @escaping @Sendable () async throws -> String?
    ) -> CreditsStore {
        let database = SupabaseDatabase(url: projectURL, anonKey: anonKey, accessToken: accessToken)
        return CreditsStore(queries: CreditsQueries(client: database))
    }

    /// The Supabase project path's Swift steps: the signed-up member's row, a booking, then deleting the account.
    static func bookThenDeleteTheAccount(
        projectURL: URL, anonKey: String, accessToken: @escaping @Sendable () async throws -> String?, classId: UUID
    ) async throws -> AccountDeletion {
        let database = SupabaseDatabase(url: projectURL, anonKey: anonKey, accessToken: accessToken)
        let members = try await MembersQueries(client: database).getMembers()
        print("signed in as \(members.first?.displayName ?? "nobody")")
        let booking = try await BookingQueries(client: database).bookSession(id: classId)
        print("booked \(booking.id)")

        let deletion = try await MembersQueries(client: database).deleteAccount()
        print("deleted; \(deletion.cancelledBookings) future bookings cancelled")
        return deletion
    }

    #if Postgres
        /// The PostgreSQL snippet: a server-side tool with its own connection pool.
        static func printBalance(databaseURL: String, memberId: UUID) async throws {
            try await PostgresDatabase.withDatabase(url: databaseURL) { database in
                let credits = CreditsQueries(client: database.acting(as: .member(memberId)))
                let summary = try await credits.getSummary()
                print("balance: \(summary.balance)")
            }
        }
    #endif

    @Test func theLocalDatabaseKeepsEventsAcrossLaunches() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let seed = try InMemoryDatabase.embedded(persistingTo: folder.appendingPathComponent("fitkit.json"))
        let memberId = try await BackOffice(service: seed.client(as: .service)).addMember("Alice Adams").id

        let event = Event(title: "Race day", date: FitFixture.referenceDate)
        try await Self.openLocalDatabase(in: folder, memberId: memberId).add(event)
        let reopened = try Self.openLocalDatabase(in: folder, memberId: memberId)
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
            let deletion = try await Self.bookThenDeleteTheAccount(
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

    @Test func aSupabaseStoreReportsAnUnreachableProjectAsAConnectionError() async throws {
        // Port 9 on the loopback interface: nothing listens, so the connection is refused at once.
        let store = Self.connectToSupabase(
            projectURL: URL(string: "http://127.0.0.1:9")!, anonKey: "anon-key", accessToken: { nil })
        await store.load()

        #expect(store.summary == nil)
        #expect(store.error is ConnectionError)
    }
}
