#if Postgres
    import FitCore
    import FitPostgres
    import FitKitTestSupport
    import Foundation
    import PostgresNIO
    import Testing

    /// Migrating a brand-new database: each test creates its own empty database on the test server (next to the
    /// one `scripts/with-postgres.sh` migrated with psql) and drops it afterwards.
    @Suite("PostgreSQL migrations", PostgresTestEnvironment.enabled)
    struct PostgresMigratorTests {
        /// The repository's `Backend/migrations`, from this file's path (`…/Tests/Backends/FitPostgresTests/…`).
        static let migrationsDirectory = RepositoryFiles.root.appendingPathComponent(
            "Backend/migrations", isDirectory: true)

        static var migrationNames: [String] {
            get throws {
                try FileManager.default.contentsOfDirectory(atPath: migrationsDirectory.path).filter {
                    $0.hasSuffix(".sql")
                }
                .sorted()
            }
        }

        @Test("an empty database gets the whole FitKit schema, and a second run applies nothing")
        func migratesAnEmptyDatabase() async throws {
            try await Self.withEmptyDatabase { database in
                let applied = try await database.migrate(from: Self.migrationsDirectory)
                #expect(applied == (try Self.migrationNames))
                #expect(applied.first == "0001_auth.sql")

                // The schema cache was reloaded: tables, views and functions are known, with their privileges.
                let studios = try await database.from("studios").select(head: true, count: .exact).execute().count
                #expect(studios == 0)
                let anon = database.acting(as: .anonymous)
                let sessions: [JSONValue] = try await anon.from("bookable_sessions").select().execute().value
                #expect(sessions.isEmpty)
                let error = await #expect(throws: DatabaseError.self) {
                    try await anon.rpc("book_session", params: ["session_id": UUID()]).execute()
                }
                #expect(error?.code == "FB009")

                #expect(try await database.migrate(from: Self.migrationsDirectory) == [])
            }
        }

        @Test("an applied file that changed is an error naming it, and nothing after it runs")
        func changedFile() async throws {
            try await Self.withEmptyDatabase { database in
                let original = try PostgresMigrator.Migration(name: "0001_a.sql", sql: "create table a (id int);\n")
                #expect(try await PostgresMigrator(migrations: [original]).migrate(database) == ["0001_a.sql"])

                let edited = try PostgresMigrator.Migration(
                    name: "0001_a.sql", sql: "create table a (id int, b int);\n")
                let next = try PostgresMigrator.Migration(name: "0002_b.sql", sql: "create table b (id int);")
                await #expect(
                    throws: PostgresMigrationError.checksumChanged(
                        name: "0001_a.sql", recorded: original.checksum, current: edited.checksum)
                ) {
                    try await PostgresMigrator(migrations: [edited, next]).migrate(database)
                }
                // 0002 did not run: it applies now (creating b a second time would fail).
                #expect(try await PostgresMigrator(migrations: [original, next]).migrate(database) == ["0002_b.sql"])
            }
        }

        @Test("a failing statement rolls its whole file back and names the file and line")
        func failingStatement() async throws {
            try await Self.withEmptyDatabase { database in
                let broken = try PostgresMigrator.Migration(
                    name: "0001_c.sql", sql: "create table c (id int);\n\nselect * from no_such_table;\n")
                let error = await #expect(throws: PostgresMigrationError.self) {
                    try await PostgresMigrator(migrations: [broken]).migrate(database)
                }
                guard case .statementFailed(let name, let line, let cause) = try #require(error) else {
                    Issue.record("expected statementFailed, got \(String(describing: error))")
                    return
                }
                #expect(name == "0001_c.sql")
                #expect(line == 3)
                #expect(cause.code == "42P01")
                // Table c was rolled back with the file, so the fixed file creates it again; it was not recorded.
                let fixed = try PostgresMigrator.Migration(name: "0001_c.sql", sql: "create table c (id int);\n")
                #expect(try await PostgresMigrator(migrations: [fixed]).migrate(database) == ["0001_c.sql"])
            }
        }

        @Test("two runs at once apply each file exactly once")
        func concurrentRuns() async throws {
            try await Self.withEmptyDatabase { database in
                async let first = database.migrate(from: Self.migrationsDirectory)
                async let second = database.migrate(from: Self.migrationsDirectory)
                let (one, two) = try await (first, second)
                #expect((one + two).sorted() == (try Self.migrationNames))
            }
        }

        /// Creates an empty database on the test server, runs `body` on it (service role) and drops it.
        static func withEmptyDatabase(_ body: (FitPostgres.PostgresDatabase) async throws -> Void) async throws {
            let url = try #require(PostgresTestEnvironment.url)
            var configuration = try FitPostgres.PostgresDatabase.configuration(url: url)
            configuration.database = "postgres"
            configuration.options.maximumConnections = 1  // the other suites use many connections at once
            let name = "fitkit_migrate_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            var components = try #require(URLComponents(string: url))
            components.path = "/" + name
            let databaseURL = try #require(components.string)

            let server = PostgresClient(configuration: configuration)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await server.run() }
                defer { group.cancelAll() }
                // CREATE and DROP DATABASE cannot run in a transaction: each is one query on its own.
                try await server.query(PostgresQuery(unsafeSQL: "create database \(name)"))
                do {
                    try await FitPostgres.PostgresDatabase.withDatabase(url: databaseURL, maximumConnections: 2, body)
                } catch {
                    _ = try? await server.query(
                        PostgresQuery(unsafeSQL: "drop database if exists \(name) with (force)"))
                    throw error
                }
                try await server.query(PostgresQuery(unsafeSQL: "drop database if exists \(name) with (force)"))
            }
        }
    }
#endif
