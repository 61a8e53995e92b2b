import FitCore
import FitInMemory
import Foundation

#if Postgres
    import FitPostgres
#endif

/// The composition root: picks the backend from the options, seeds it when it is new, and hands a
/// service-role client to the command.
///
/// - default: a fresh in-memory database with ``DemoSeed`` relative to now;
/// - `--data-file PATH`: the in-memory database persisted to `PATH` (seeded only when the file is new);
/// - `--database-url URL`: PostgreSQL (only with the `Postgres` trait): the migrations of `--migrations PATH`
///   (default ``defaultMigrationsDirectory``) not yet applied are applied, then it is seeded when it has no studios.
enum DemoBackend {
    static func withServiceClient<Result: Sendable>(
        options: GlobalOptions, environment: DemoEnvironment,
        _ body: (any DatabaseClient) async throws -> Result
    ) async throws -> Result {
        if let url = options.databaseURL {
            let migrations = options.migrations.map { URL(fileURLWithPath: $0) } ?? defaultMigrationsDirectory
            return try await withPostgres(url: url, migrations: migrations, environment: environment, body)
        }
        let fileURL = options.dataFile.map { URL(fileURLWithPath: $0) }
        let isNew = fileURL.map { !FileManager.default.fileExists(atPath: $0.path) } ?? true
        let database = try InMemoryDatabase.embedded(now: environment.now, persistingTo: fileURL)
        if isNew { try await DemoSeed.seed(using: database.client(as: .service), now: environment.now()) }
        return try await body(database.client(as: .service))
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
            try await PostgresDatabase.withDatabase(url: url, as: .service) { database in
                let applied = try await database.migrate(from: migrations)
                if !applied.isEmpty {
                    environment.errorOutput.line("applied \(applied.count) migration\(applied.count == 1 ? "" : "s")")
                }
                let studios = try await database.from("studios").select("id", head: true, count: .exact).execute().count
                if (studios ?? 0) == 0 { try await DemoSeed.seed(using: database, now: environment.now()) }
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
