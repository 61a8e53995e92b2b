#if Postgres
    import FitCore
    @testable import FitPostgres
    import FitKitTestSupport
    import Foundation
    import PostgresNIO
    import Testing

    /// Upgrading a studio's database: `Backend/migrations` applied in order on a Supabase-shaped database, with each
    /// release's studio data (`Tests/Fixtures/Upgrades/NNNN_*.sql`) loaded right after the migration that ended that
    /// release — the schema before 0.1.0 (0012) and every release since. Every later migration must keep every row
    /// and every value the studio had. The suites themselves run on a database built the same way
    /// (`scripts/pg-server.sh`), so every scenario also passes on an upgraded database.
    @Suite("Upgrading a studio's database", PostgresTestEnvironment.enabled)
    struct UpgradeTests {
        /// `Tests/Fixtures/Upgrades`, from this file's path.
        static let fixturesDirectory = RepositoryFiles.root.appendingPathComponent(
            "Tests/Fixtures/Upgrades", isDirectory: true)

        /// `Backend/releases`: what each release shipped.
        static let releasesDirectory = PostgresMigratorTests.migrationsDirectory.deletingLastPathComponent()
            .appendingPathComponent("releases", isDirectory: true)

        /// Each release's studio data, by the number of the migration it is loaded after ("0012").
        static func fixtures() throws -> [String: PostgresMigrator.Migration] {
            let names = try FileManager.default.contentsOfDirectory(atPath: fixturesDirectory.path)
                .filter { $0.hasSuffix(".sql") }
            return try Dictionary(
                uniqueKeysWithValues: names.map { name in
                    let sql = try String(
                        contentsOf: fixturesDirectory.appendingPathComponent(name), encoding: .utf8)
                    return (String(name.prefix(4)), try PostgresMigrator.Migration(name: "fixture_" + name, sql: sql))
                })
        }

        /// One table's rows: each row's JSON object by its primary key's values.
        typealias Rows = [String: [String: JSONValue]]

        /// Every row of every table in `public` and `auth` but the migrations' own record, by table.
        static func snapshot(_ database: FitPostgres.PostgresDatabase) async throws -> [String: Rows] {
            let tables = try await SupabaseShapedDatabaseTests.texts(
                """
                select c.oid::regclass::text || ' ' || coalesce(
                         (select string_agg(a.attname, ',' order by k.ord)
                          from pg_index i, unnest(i.indkey) with ordinality k(attnum, ord), pg_attribute a
                          where i.indrelid = c.oid and i.indisprimary and a.attrelid = c.oid and a.attnum = k.attnum),
                         '')
                from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where c.relkind = 'r' and n.nspname in ('public', 'auth') and c.relname <> 'fitkit_schema_migrations'
                order by 1
                """, in: database)
            var snapshot: [String: Rows] = [:]
            for line in tables {
                let parts = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
                let (table, key) = (parts[0], parts[1].split(separator: ",").map(String.init))
                var rows: Rows = [:]
                for text in try await SupabaseShapedDatabaseTests.texts(
                    "select to_jsonb(x)::text from \(table) x", in: database)
                {
                    guard case .object(let row) = try JSONValue(json: Data(text.utf8)) else { continue }
                    let values = key.isEmpty ? [text] : key.map { Self.text(of: row[$0]) }
                    rows[values.joined(separator: "|")] = row
                }
                snapshot[table] = rows
            }
            return snapshot
        }

        /// A value as a line of a report shows it: a string as itself, anything else as its description.
        static func text(of value: JSONValue?) -> String {
            switch value {
            case .none: "gone"
            case .string(let text): text
            case .some(let value): "\(value)"
            }
        }

        /// What `after` lost or changed of `before`: a line for each table, row or value.
        static func losses(from before: [String: Rows], to after: [String: Rows]) -> [String] {
            var losses: [String] = []
            for (table, rows) in before.sorted(by: { $0.key < $1.key }) {
                guard let now = after[table] else {
                    losses.append("\(table): gone")
                    continue
                }
                for (key, row) in rows.sorted(by: { $0.key < $1.key }) {
                    guard let kept = now[key] else {
                        losses.append("\(table) \(key): row gone")
                        continue
                    }
                    for (column, value) in row.sorted(by: { $0.key < $1.key }) where kept[column] != value {
                        let (was, now) = (Self.text(of: value), Self.text(of: kept[column]))
                        losses.append("\(table) \(key).\(column): \(was) → \(now)")
                    }
                }
            }
            return losses
        }

        @Test("every migration keeps every row and value of the studio data loaded at the releases before it")
        func migrationsKeepAStudiosData() async throws {
            let fixtures = try Self.fixtures()
            let migrations = try PostgresMigrator(directory: PostgresMigratorTests.migrationsDirectory).migrations
            #expect(
                Set(fixtures.keys).isSubset(of: Set(migrations.map { String($0.name.prefix(4)) })),
                "each fixture is named after a migration")
            #expect(fixtures["0012"] != nil, "the schema before 0.1.0 has its studio data")
            let shape = try PostgresMigrator.Migration(
                name: "0000_supabase_shape.sql", sql: SupabaseShapedDatabaseTests.supabase)

            try await PostgresMigratorTests.withEmptyDatabase { database in
                var steps = [shape]
                var checked: [String] = []
                for migration in migrations {
                    let before = checked.isEmpty ? nil : try await Self.snapshot(database)
                    steps.append(migration)
                    _ = try await PostgresMigrator(migrations: steps).migrate(database)
                    if let before {
                        let losses = Self.losses(from: before, to: try await Self.snapshot(database))
                        #expect(losses == [], "\(migration.name)")
                        checked.append(migration.name)
                    }
                    if let fixture = fixtures[String(migration.name.prefix(4))] {
                        steps.append(fixture)
                        _ = try await PostgresMigrator(migrations: steps).migrate(database)
                        checked.append(fixture.name)
                    }
                }
                #expect(checked.contains("fixture_0012_studio.sql"))
                #expect(checked.contains("0013_owner_run_triggers.sql"))

                // What the database keeps in step with its rows still is.
                let drift = try await SupabaseShapedDatabaseTests.texts(
                    """
                    select name || ': booked ' || booked_count || ', waiting ' || waiting_count
                    from class_sessions s
                    where booked_count <> (select count(*) from bookings b
                                           where b.class_session_id = s.id and b.status = 'active')
                       or waiting_count <> (select count(*) from waitlist_entries w
                                            where w.class_session_id = s.id and w.status = 'waiting')
                    """, in: database)
                #expect(drift == [])
            }
        }

        @Test("a migration a release shipped is never edited: each still has the checksum it shipped with")
        func shippedMigrationsAreUnchanged() throws {
            let manifest = try String(
                contentsOf: Self.releasesDirectory.appendingPathComponent("migrations.txt"), encoding: .utf8)
            let shipped = manifest.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
                $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            }
            let migrations = try PostgresMigrator(directory: PostgresMigratorTests.migrationsDirectory).migrations
            let current = Dictionary(uniqueKeysWithValues: migrations.map { ($0.name, $0.checksum) })
            #expect(shipped.count >= 16)
            for line in shipped {
                #expect(line.count == 3, "\(line)")
                guard line.count == 3 else { continue }
                #expect(current[line[2]] == line[1], "\(line[2]), shipped in \(line[0]), was edited or removed")
            }
            // Migrations sort after every shipped one: a new file never slips in between.
            let newest = shipped.compactMap(\.last).max() ?? ""
            let unshipped = migrations.map(\.name).filter { name in !shipped.contains { $0.last == name } }
            #expect(unshipped.allSatisfy { $0 > newest }, "\(unshipped)")
        }

        @Test("the migrations still offer every column, privilege and function each release offered to apps")
        func everyReleasedAPIItemIsStillOffered() async throws {
            let releases = try FileManager.default.contentsOfDirectory(atPath: Self.releasesDirectory.path)
                .filter { $0.hasSuffix(".api.txt") }.sorted()
            #expect(releases.contains("0.1.0.api.txt"))
            let query = try String(
                contentsOf: Self.releasesDirectory.appendingPathComponent("api.sql"), encoding: .utf8)
            try await PostgresMigratorTests.withEmptyDatabase { database in
                _ = try await database.migrate(from: PostgresMigratorTests.migrationsDirectory)
                let offered = Set(try await SupabaseShapedDatabaseTests.texts(query, in: database))
                #expect(offered.count > 200)
                for release in releases {
                    let api = try String(
                        contentsOf: Self.releasesDirectory.appendingPathComponent(release), encoding: .utf8)
                    let gone = api.split(separator: "\n").map(String.init).filter { !offered.contains($0) }
                    #expect(gone == [], "\(release): no longer offered")
                }
            }
        }
    }
#endif
