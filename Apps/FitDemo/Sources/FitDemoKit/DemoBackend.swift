import FitContract
import FitCore
import FitInMemory
import FitSupabase
import Foundation

#if Postgres
    import FitPostgres
#endif

/// The composition root: picks the backend from the options, seeds it when it is new, and hands a
/// service-role client to the command.
///
/// - default: a fresh in-memory database with FitKit's seed (`FitKitSeed.fixed`) relative to now;
/// - `--data-file PATH`: the in-memory database persisted to `PATH` (seeded only when the file is new);
/// - `--database-url URL`: PostgreSQL (only with the `Postgres` trait): the migrations of `--migrations PATH`
///   (default ``defaultMigrationsDirectory``) not yet applied are applied, then it is seeded when it has no studios;
/// - `--supabase-url URL --supabase-key KEY [--access-token JWT]` (or `SUPABASE_URL`, `SUPABASE_ANON_KEY`,
///   `SUPABASE_ACCESS_TOKEN`): a Supabase project over HTTP, as the member the token proves; never seeded, and
///   the client handed over is the member's own (only a token can say who the caller is).
///
/// With `--offline-replica PATH`, ``offlineDevice(over:options:environment:)`` puts FitOffline's offline-first
/// client in front of whichever of these was picked.
enum DemoBackend {
    static func withServiceClient<Result: Sendable>(
        options: GlobalOptions, environment: DemoEnvironment,
        _ body: (any DatabaseClient) async throws -> Result
    ) async throws -> Result {
        if let supabase = try supabaseProject(options: options, environment: environment) {
            return try await body(supabase)
        }
        if let url = options.databaseURL {
            let migrations = options.migrations.map { URL(fileURLWithPath: $0) } ?? defaultMigrationsDirectory
            return try await withPostgres(url: url, migrations: migrations, environment: environment, body)
        }
        if let database = environment.embeddedDatabase { return try await body(database.client(as: .service)) }
        let fileURL = options.dataFile.map { URL(fileURLWithPath: $0) }
        let isNew = fileURL.map { !FileManager.default.fileExists(atPath: $0.path) } ?? true
        let features = DemoExtension.composedFeatures
        let database = try InMemoryDatabase.embedded(features: features, now: environment.now, persistingTo: fileURL)
        if isNew {
            try await FitKitSeed.fixed.write(
                using: database.client(as: .service), now: environment.now(), features: features)
        }
        return try await body(database.client(as: .service))
    }

    /// With `--offline-replica PATH`: the device whose offline-first client, reaching `backend` through a simulated
    /// network and keeping its replica in PATH, every command then uses. Its clock starts at the environment's now.
    static func offlineDevice(
        over backend: any DatabaseClient, options: GlobalOptions, environment: DemoEnvironment
    ) throws -> OfflineDevice? {
        guard let path = options.offlineReplica else { return nil }
        return try OfflineDevice(server: backend, replicaPath: path, startDate: environment.now())
    }

    /// The Supabase project the options or the environment name, if any.
    static func supabaseProject(options: GlobalOptions, environment: DemoEnvironment) throws -> SupabaseDatabase? {
        guard let text = options.supabaseURL ?? environment.variables["SUPABASE_URL"], !text.isEmpty else {
            return nil
        }
        guard let url = URL(string: text), url.scheme == "https" || url.scheme == "http", url.host != nil else {
            throw DemoError.badSupabaseURL(text)
        }
        guard let key = options.supabaseKey ?? environment.variables["SUPABASE_ANON_KEY"], !key.isEmpty else {
            throw DemoError.missingSupabaseKey
        }
        let token = options.accessToken ?? environment.variables["SUPABASE_ACCESS_TOKEN"]
        // The contract: views (the timetable) follow their tables through Realtime; on Linux `watch` needs the
        // RealtimeWebSocket trait.
        return SupabaseDatabase(
            url: url, anonKey: key, accessToken: token.flatMap { $0.isEmpty ? nil : $0 },
            contract: DemoExtension.composedFeatures)
    }

    /// The repository's `Backend/migrations`, found from this source file's path
    /// (`…/Apps/FitDemo/Sources/FitDemoKit/DemoBackend.swift`), so `swift run fit-demo` works from any directory.
    static let defaultMigrationsDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // FitDemoKit
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()  // FitDemo
        .deletingLastPathComponent()  // Apps
        .deletingLastPathComponent()  // repository root
        .appendingPathComponent("Backend/migrations", isDirectory: true)

    #if Postgres
        private static func withPostgres<Result: Sendable>(
            url: String, migrations: URL, environment: DemoEnvironment,
            _ body: (any DatabaseClient) async throws -> Result
        ) async throws -> Result {
            try await PostgresDatabase.withDatabase(
                url: url, as: .service, viewFeeds: DemoExtension.composedFeatures.viewFeeds
            ) {
                database in
                let applied = try await database.migrate(from: migrations)
                if !applied.isEmpty {
                    environment.errorOutput.line("applied \(applied.count) migration\(applied.count == 1 ? "" : "s")")
                }
                let studios = try await database.from("studios").select("id", head: true, count: .exact).execute().count
                if (studios ?? 0) == 0 {
                    try await FitKitSeed.fixed.write(
                        using: database, now: environment.now(), features: DemoExtension.composedFeatures)
                }
                return try await body(database)
            }
        }
    #else
        private static func withPostgres<Result: Sendable>(
            url: String, migrations: URL, environment: DemoEnvironment,
            _ body: (any DatabaseClient) async throws -> Result
        ) async throws -> Result {
            throw DemoError.postgresNotBuilt
        }
    #endif
}
