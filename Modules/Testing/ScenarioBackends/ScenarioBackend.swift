import FitContract
import FitCore
import FitInMemory
import FitSupabase
import FitTesting
import Foundation
import PostgRESTTestServer
import Testing

#if Postgres
    import FitPostgres
#endif

/// A backend a feature's scenario cases run on, written once as `@Test(arguments: ScenarioBackend.available)`: the
/// embedded database, PostgreSQL (with the `Postgres` trait and a `FITKIT_DATABASE_URL`), and FitSupabase over HTTP
/// against the PostgREST test server; ``everyClient`` adds each of them behind FitOffline's offline-first client.
public struct ScenarioBackend: Hashable, Sendable, CustomTestStringConvertible {
    /// The server a scenario's clients reach.
    public enum Server: String, CaseIterable, Hashable, Sendable {
        /// The embedded in-memory database.
        case inMemory = "in memory"
        /// PostgreSQL through FitPostgres.
        case postgres = "PostgreSQL"
        /// FitSupabase over HTTP, against the PostgREST test server in front of an in-memory database.
        case supabase = "FitSupabase over HTTP"
    }

    /// The server behind the members' clients.
    public let server: Server
    /// Whether each member's client is an offline-first client (FitOffline, one device per member, its replica in a
    /// temporary folder) in front of the server.
    public let isOfflineFirst: Bool

    /// The embedded in-memory database.
    public static let inMemory = ScenarioBackend(server: .inMemory, isOfflineFirst: false)
    /// PostgreSQL through FitPostgres.
    public static let postgres = ScenarioBackend(server: .postgres, isOfflineFirst: false)
    /// FitSupabase over HTTP against the PostgREST test server.
    public static let supabase = ScenarioBackend(server: .supabase, isOfflineFirst: false)

    /// This server with an offline-first client in front of it.
    public var offlineFirst: ScenarioBackend { ScenarioBackend(server: server, isOfflineFirst: true) }

    /// How the case names the backend.
    public var testDescription: String { isOfflineFirst ? "FitOffline over \(server.rawValue)" : server.rawValue }

    /// Whether its clients have a change feed: every server does (FitSupabase through the Realtime test server);
    /// FitOffline follows what its remote follows.
    public var canFollow: Bool { true }

    /// The servers this run has, each reached directly: PostgreSQL only with the `Postgres` trait and a
    /// `FITKIT_DATABASE_URL`.
    public static var available: [ScenarioBackend] {
        Server.allCases.filter { $0 != .postgres || postgresURL != nil }.map {
            ScenarioBackend(server: $0, isOfflineFirst: false)
        }
    }

    /// Every server this run has, reached directly and behind FitOffline.
    public static var everyClient: [ScenarioBackend] { available + available.map(\.offlineFirst) }

    static var postgresURL: String? {
        #if Postgres
            ProcessInfo.processInfo.environment["FITKIT_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
        #else
            nil
        #endif
    }

    /// Runs `body` with a database that has `features` (FitKit's by default) and FitKit's seed with fresh ids.
    ///
    /// - Parameters:
    ///   - seed: The seed to write (fresh ids by default; a scenario that compares two backends gives both the same).
    ///   - now: What the seed is written relative to (cut to the whole second); the session clock starts there.
    ///   - everyPostgresConnectionOpen: On PostgreSQL, a pool that keeps all its connections open
    ///     (`PostgresPoolMode.allOpen`) instead of opening them on demand; ignored elsewhere.
    ///   - features: The features the database has; on PostgreSQL, `Backend/migrations` and `migrations` provide them.
    ///   - migrations: Migrations to apply on PostgreSQL beyond `Backend/migrations` (an app's own feature), as
    ///     (file name, SQL).
    ///   - body: The scenario.
    /// - Throws: What `body` throws, or the backend's error when the database cannot be set up (PostgreSQL not
    ///   reachable, a migration refused).
    public func with(
        seed: FitKitSeed = .fresh(), now: Date = Date(), everyPostgresConnectionOpen: Bool = false,
        features: [FeatureContract] = FitKitContract.features,
        migrations: [(name: String, sql: String)] = [],
        _ body: (ScenarioSession) async throws -> Void
    ) async throws {
        let offline = isOfflineFirst
        switch server {
        case .inMemory:
            let database = try InMemoryDatabase.embedded(features: features)
            try await ScenarioSession.run(
                seed: seed, now: now, service: database.client(as: .service), features: features, offlineFirst: offline,
                anonymous: database.client(as: .anonymous), client: { database.client(as: .member($0)) },
                followers: { database.changeFollowerCount }, body)
        case .supabase:
            let database = try InMemoryDatabase.embedded(features: features)
            let tables = features.flatMap(\.schema.tables).filter(\.isExposed)
            let server = try await PostgRESTTestServer.start(
                database: database, anonKey: "anon-key", published: Set(tables.map(\.name)))
            let clients = LockedState<[SupabaseDatabase]>([])
            // Heartbeats on a clock no one advances: scenarios exercise the protocol, not the timers.
            let realtime = RealtimeConfiguration(
                transport: server.realtimeTransport(), clock: TestClock(), viewFeeds: features.viewFeeds,
                keyColumns: Dictionary(
                    tables.filter { $0.primaryKey != ["id"] }.map { ($0.name, $0.primaryKey) },
                    uniquingKeysWith: { first, _ in first }))
            do {
                // The back office seeds the server's database directly; members go through HTTP.
                try await ScenarioSession.run(
                    seed: seed, now: now, service: database.client(as: .service), features: features,
                    offlineFirst: offline,
                    anonymous: SupabaseDatabase(
                        url: server.baseURL, anonKey: "anon-key", accessToken: nil,
                        transport: PostgRESTTestServer.clientTransport, realtime: realtime),
                    client: { member in
                        let client = SupabaseDatabase(
                            url: server.baseURL, anonKey: "anon-key",
                            accessToken: UnsignedToken.member(member, expiresAt: .distantFuture),
                            transport: PostgRESTTestServer.clientTransport, realtime: realtime)
                        clients.withLock { $0.append(client) }
                        return client
                    },
                    // Counted where the streams are: a follower cancelled has left, whatever the server still does.
                    followers: { clients.withLock { $0.reduce(0) { $0 + $1.changeFollowerCount } } }, body)
                try await server.stop()
            } catch {
                try? await server.stop()
                throw error
            }
        case .postgres:
            #if Postgres
                guard let url = Self.postgresURL else { return }
                let pool: PostgresPoolMode = everyPostgresConnectionOpen ? .allOpen : .onDemand
                try await ConnectionGate.postgresPools.holding {
                    try await PostgresDatabase.withDatabase(
                        url: url, maximumConnections: 8, pool: pool, viewFeeds: features.viewFeeds
                    ) { database in
                        if !migrations.isEmpty {
                            let extra = try migrations.map {
                                try PostgresMigrator.Migration(name: $0.name, sql: $0.sql)
                            }
                            _ = try await PostgresMigrator(migrations: extra).migrate(database)
                        }
                        try await ScenarioSession.run(
                            seed: seed, now: now, service: database, features: features, offlineFirst: offline,
                            anonymous: database.acting(as: .anonymous), client: { database.acting(as: .member($0)) },
                            followers: { database.changeFollowerCount }, body)
                    }
                }
            #endif
        }
    }
}
