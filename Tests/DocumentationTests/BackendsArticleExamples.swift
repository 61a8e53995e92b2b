import Credits
import Events
import FitContract
import FitCore
import FitInMemory
import FitSupabase
import FitTesting
import Foundation
import Members
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

    @Test func aSupabaseStoreReportsAnUnreachableProjectAsAConnectionError() async throws {
        // Port 9 on the loopback interface: nothing listens, so the connection is refused at once.
        let store = Self.connectToSupabase(
            projectURL: URL(string: "http://127.0.0.1:9")!, anonKey: "anon-key", accessToken: { nil })
        await store.load()

        #expect(store.summary == nil)
        #expect(store.error is ConnectionError)
    }
}
