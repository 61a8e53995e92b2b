#if Postgres
    import FitCore
    @testable import FitPostgres
    import FitKitTestSupport
    import Foundation
    import Testing

    /// `scripts/supabase-migrations.sh`: FitKit's migrations laid into an app's Supabase folder as the Supabase CLI
    /// wants them (`<YYYYMMDDHHMMSS>_<name>.sql`, applied in version order, each once), then applied in that order on
    /// a Supabase-shaped database with the seed, as `supabase db reset` does.
    @Suite("Migrations laid out for the Supabase CLI", PostgresTestEnvironment.enabled)
    struct SupabaseCLILayoutTests {
        static let root = RepositoryFiles.root
        static let script = root.appendingPathComponent("scripts/supabase-migrations.sh").path

        /// The app's own migration, made before FitKit's are laid.
        static let appMigration = "20260101000000_app_notes.sql"

        /// Runs the script on `project` and returns the files it says it wrote.
        static func layOut(_ project: URL, environment: [String: String] = [:]) async throws -> [String] {
            let output = try await PrivatePostgresServer.run(
                [project.path], executable: script, environment: environment)
            return output.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        }

        /// The files of `project`'s migrations folder, in the order the CLI applies them (by version).
        static func laid(_ project: URL) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: project.appendingPathComponent("migrations").path)
                .sorted()
        }

        /// A new app project: a `supabase` folder holding one migration of the app's own.
        static func withProject(_ body: (URL) async throws -> Void) async throws {
            let project = FileManager.default.temporaryDirectory.appendingPathComponent("fitkit-supabase-\(UUID())")
            let migrations = project.appendingPathComponent("migrations")
            try FileManager.default.createDirectory(at: migrations, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: project) }
            try "create table public.app_notes (id bigint primary key, body text not null);\n".write(
                to: migrations.appendingPathComponent(appMigration), atomically: true, encoding: .utf8)
            try await body(project)
        }

        @Test("FitKit's migrations come after the app's, named and ordered for the CLI, byte for byte FitKit's")
        func laysOutEveryMigration() async throws {
            try await Self.withProject { project in
                let fitKit = try PostgresMigratorTests.migrationNames
                let written = try await Self.layOut(project)
                #expect(written.count == fitKit.count + 1)
                let laid = try Self.laid(project)
                #expect(laid.first == Self.appMigration)
                let ours = Array(laid.dropFirst())
                #expect(ours.map { String($0.dropFirst(22)) } == fitKit)
                for (file, name) in zip(ours, fitKit) {
                    #expect(file.wholeMatch(of: /\d{14}_fitkit_\d{4}_[a-z0-9_]+\.sql/) != nil, "\(file)")
                    let copy = try Data(contentsOf: project.appendingPathComponent("migrations/\(file)"))
                    let original = try Data(
                        contentsOf: PostgresMigratorTests.migrationsDirectory.appendingPathComponent(name))
                    #expect(copy == original, "\(file)")
                }
                let seed = try Data(contentsOf: project.appendingPathComponent("seed.sql"))
                #expect(seed == (try Data(contentsOf: Self.root.appendingPathComponent("Backend/seed.sql"))))

                // A second run lays nothing.
                #expect(try await Self.layOut(project) == [])
                #expect(try Self.laid(project) == laid)
            }
        }

        @Test("after an upgrade of FitKit, only the new release's migrations are laid, after everything there")
        func anUpgradeAddsOnlyTheNewMigrations() async throws {
            try await Self.withProject { project in
                _ = try await Self.layOut(project)
                let before = try Self.laid(project)
                // FitKit's next release: its migrations plus one.
                let next = project.appendingPathComponent("fitkit-next")
                try FileManager.default.copyItem(at: PostgresMigratorTests.migrationsDirectory, to: next)
                try "create table public.fitkit_next (id int);\n".write(
                    to: next.appendingPathComponent("9999_next.sql"), atomically: true, encoding: .utf8)
                let written = try await Self.layOut(project, environment: ["FITKIT_MIGRATIONS_DIR": next.path])
                let after = try Self.laid(project)
                #expect(after.count == before.count + 1)
                #expect(Array(after.dropLast()) == before)
                #expect(after.last?.hasSuffix("_fitkit_9999_next.sql") == true)
                #expect(written.map { URL(fileURLWithPath: $0).lastPathComponent } == [after.last])
            }
        }

        @Test("a laid migration that was edited stops the script, which then writes nothing")
        func anEditedMigrationIsRefused() async throws {
            try await Self.withProject { project in
                _ = try await Self.layOut(project)
                let views = try #require(try Self.laid(project).first { $0.hasSuffix("_fitkit_0003_views.sql") })
                let handle = try FileHandle(forWritingTo: project.appendingPathComponent("migrations/\(views)"))
                try handle.seekToEnd()
                try handle.write(contentsOf: Data("-- edited\n".utf8))
                try handle.close()
                let before = try Self.laid(project)
                let next = project.appendingPathComponent("fitkit-next")
                try FileManager.default.copyItem(at: PostgresMigratorTests.migrationsDirectory, to: next)
                try "select 1;\n".write(
                    to: next.appendingPathComponent("9999_next.sql"), atomically: true, encoding: .utf8)
                let error = await #expect(throws: DatabaseError.self) {
                    try await Self.layOut(project, environment: ["FITKIT_MIGRATIONS_DIR": next.path])
                }
                #expect(error?.message.contains("\(views) differs from FitKit's 0003_views.sql") == true)
                #expect(try Self.laid(project) == before)
            }
        }

        @Test("applied in the CLI's order on a Supabase-shaped database with the seed, twice: a week of classes")
        func theLaidMigrationsAndSeedBuildTheSchema() async throws {
            try await Self.withProject { project in
                _ = try await Self.layOut(project)
                let folder = project.appendingPathComponent("migrations")
                let shape = try PostgresMigrator.Migration(
                    name: "00000000000000_supabase_shape.sql", sql: SupabaseShapedDatabaseTests.supabase)
                let files = try Self.laid(project).map { name in
                    try PostgresMigrator.Migration(
                        name: name, sql: String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
                }
                let seedSQL = try String(contentsOf: project.appendingPathComponent("seed.sql"), encoding: .utf8)
                let seed = try PostgresMigrator.Migration(name: "seed.sql", sql: seedSQL)
                let again = try PostgresMigrator.Migration(name: "seed-again.sql", sql: seedSQL)
                try await PostgresMigratorTests.withEmptyDatabase { database in
                    _ = try await PostgresMigrator(migrations: [shape] + files + [seed, again]).migrate(database)
                    let timetable: [JSONValue] = try await database.acting(as: .anonymous)
                        .from("bookable_sessions").select("session_id").execute().value
                    #expect(timetable.count == 28)
                    let catalogue: [JSONValue] = try await database.from("exercises").select("name").order("position")
                        .execute().value
                    #expect(catalogue == ["Squat", "Step Up", "Burpee", "Sun Salute"].map { ["name": .string($0)] })
                }
            }
        }
    }
#endif
