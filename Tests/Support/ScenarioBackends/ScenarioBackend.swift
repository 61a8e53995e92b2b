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
/// against the PostgREST test server.
public enum ScenarioBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// The embedded in-memory database.
    case inMemory = "in memory"
    /// PostgreSQL through FitPostgres.
    case postgres = "PostgreSQL"
    /// FitSupabase over HTTP, against the PostgREST test server in front of an in-memory database.
    case supabase = "FitSupabase over HTTP"

    /// How the case names the backend.
    public var testDescription: String { rawValue }

    /// Whether its clients have a change feed (FitSupabase's Realtime is not built yet).
    public var canFollow: Bool { self != .supabase }

    /// The backends this run has: PostgreSQL only with the `Postgres` trait and a `FITKIT_DATABASE_URL`.
    public static var available: [ScenarioBackend] {
        allCases.filter { $0 != .postgres || postgresURL != nil }
    }

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
    ///   - features: The features the database has; on PostgreSQL, `Backend/migrations` and `migrations` provide them.
    ///   - migrations: Migrations to apply on PostgreSQL beyond `Backend/migrations` (an app's own feature), as
    ///     (file name, SQL).
    ///   - body: The scenario.
    public func with(
        features: [FeatureContract] = FitKitContract.features, migrations: [(name: String, sql: String)] = [],
        _ body: (ScenarioSession) async throws -> Void
    ) async throws {
        switch self {
        case .inMemory:
            let database = try InMemoryDatabase.embedded(features: features)
            let session = ScenarioSession(
                service: database.client(as: .service), features: features, anonymous: database.client(as: .anonymous),
                client: { database.client(as: .member($0)) }, followers: { database.changeFollowerCount })
            try await session.writeSeed()
            try await body(session)
        case .supabase:
            let database = try InMemoryDatabase.embedded(features: features)
            let server = try await PostgRESTTestServer.start(database: database, anonKey: "anon-key")
            do {
                // The back office seeds the server's database directly; members go through HTTP.
                let session = ScenarioSession(
                    service: database.client(as: .service), features: features,
                    anonymous: SupabaseDatabase(url: server.baseURL, anonKey: "anon-key", accessToken: nil),
                    client: { member in
                        SupabaseDatabase(
                            url: server.baseURL, anonKey: "anon-key",
                            accessToken: UnsignedToken.member(member, expiresAt: .distantFuture))
                    }, followers: { database.changeFollowerCount })
                try await session.writeSeed()
                try await body(session)
                try await server.stop()
            } catch {
                try? await server.stop()
                throw error
            }
        case .postgres:
            #if Postgres
                guard let url = Self.postgresURL else { return }
                try await PostgresDatabase.withDatabase(url: url, viewFeeds: features.viewFeeds) { database in
                    if !migrations.isEmpty {
                        let extra = try migrations.map { try PostgresMigrator.Migration(name: $0.name, sql: $0.sql) }
                        _ = try await PostgresMigrator(migrations: extra).migrate(database)
                    }
                    let session = ScenarioSession(
                        service: database, features: features, anonymous: database.acting(as: .anonymous),
                        client: { database.acting(as: .member($0)) }, followers: { database.changeFollowerCount })
                    try await session.writeSeed()
                    try await body(session)
                }
            #endif
        }
    }
}
