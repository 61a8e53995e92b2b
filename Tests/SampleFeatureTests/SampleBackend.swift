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

/// A backend the sample feature's scenarios run on, with what it can do.
enum SampleBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case inMemory = "in memory"
    case postgres = "PostgreSQL"
    case supabase = "FitSupabase over HTTP"

    var testDescription: String { rawValue }

    /// Whether its clients have a change feed (FitSupabase's Realtime is not built yet).
    var canFollow: Bool { self != .supabase }

    /// The backends this run has: PostgreSQL only with the `Postgres` trait and a `FITKIT_DATABASE_URL`.
    static var available: [SampleBackend] {
        allCases.filter { $0 != .postgres || postgresURL != nil }
    }

    static var postgresURL: String? {
        #if Postgres
            ProcessInfo.processInfo.environment["FITKIT_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
        #else
            nil
        #endif
    }

    /// Runs `body` with a database that has FitKit's contract and the sample feature, and two members of its own.
    func with(_ body: (SampleSession) async throws -> Void) async throws {
        let features = MembershipsContract.features
        switch self {
        case .inMemory:
            let database = try InMemoryDatabase.embedded(features: features)
            try await body(SampleSession(service: database.client(as: .service)) { database.client(as: .member($0)) })
        case .supabase:
            let database = try InMemoryDatabase.embedded(features: features)
            let server = try await PostgRESTTestServer.start(database: database, anonKey: "anon-key")
            do {
                // The back office seeds the server's database directly; members go through HTTP.
                try await body(
                    SampleSession(service: database.client(as: .service)) { member in
                        SupabaseDatabase(
                            url: server.baseURL, anonKey: "anon-key",
                            accessToken: UnsignedToken.member(member, expiresAt: .distantFuture))
                    })
                try await server.stop()
            } catch {
                try? await server.stop()
                throw error
            }
        case .postgres:
            #if Postgres
                guard let url = Self.postgresURL else { return }
                try await PostgresDatabase.withDatabase(url: url, viewFeeds: features.viewFeeds) { database in
                    let migration = try PostgresMigrator.Migration(
                        name: "0100_memberships.sql", sql: try MembershipsContract.migrationSQL())
                    _ = try await PostgresMigrator(migrations: [migration]).migrate(database)
                    try await body(SampleSession(service: database) { database.acting(as: .member($0)) })
                }
            #endif
        }
    }
}

/// A database with FitKit's seed and the sample feature's rows (fresh ids, so sessions can share a server): Alice and
/// Bob each have a monthly and a yearly plan. Members' clients go through ``rig`` (FitTesting's request log, latency
/// and faults), whichever backend is behind them.
struct SampleSession: Sendable {
    let service: any DatabaseClient
    let rig = RequestRig(clock: TestClock())
    private let backendClient: @Sendable (UUID) -> any DatabaseClient
    let seed = FitKitSeed.fresh()
    var alice: UUID { seed.alice.id }
    var bob: UUID { seed.bob.id }

    init(service: any DatabaseClient, client: @escaping @Sendable (UUID) -> any DatabaseClient) {
        self.service = service
        backendClient = client
    }

    /// `member`'s client, through ``rig``.
    func client(_ member: UUID) -> any DatabaseClient {
        Self.rigged(backendClient(member), by: rig)
    }

    private static func rigged(_ base: some DatabaseClient, by rig: RequestRig) -> any DatabaseClient {
        rig.client(base)
    }

    /// Writes the seed: FitKit's features' rows and the sample feature's.
    func writeSeed() async throws {
        try await seed.write(using: service, now: Date(), features: MembershipsContract.features)
    }

    /// The memberships store of `member`.
    func store(for member: UUID) -> MembershipsStore {
        MembershipsStore(queries: MembershipsQueries(client: client(member)))
    }
}
