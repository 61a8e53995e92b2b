#if Postgres
    import FitPostgres
    import Foundation
    import Testing

    /// Splitting migration files into statements: a `;` ends a statement only in plain SQL. No database needed.
    @Suite("SQL script splitting")
    struct SQLScriptTests {
        static let cases: [(String, [String])] = [
            ("select 1; select 2;", ["select 1", "select 2"]),
            ("select 1;\n\n  select 2", ["select 1", "select 2"]),
            (";;  ; select 1;;", ["select 1"]),
            ("select 'a;b', 'it''s; fine'; select 2", ["select 'a;b', 'it''s; fine'", "select 2"]),
            ("select E'it\\'s; here'; select 2", ["select E'it\\'s; here'", "select 2"]),
            ("select 'back\\'; select 2", ["select 'back\\'", "select 2"]),
            (#"select "odd;name"" x"; select 2"#, [#"select "odd;name"" x""#, "select 2"]),
            (
                "-- a; comment\nselect 1 -- trailing; comment\n; select 2",
                ["select 1 -- trailing; comment", "select 2"]
            ),
            ("/* a; /* nested; */ still; */ select 1; /* only a comment; */", ["select 1"]),
            ("select 1 /* x; */ + 2; select 3", ["select 1 /* x; */ + 2", "select 3"]),
            (
                "create function f() returns int language sql as $$ select 1; select 2; $$; select 3",
                ["create function f() returns int language sql as $$ select 1; select 2; $$", "select 3"]
            ),
            (
                "do $outer$ begin execute $inner$ select ';' $$ ; $inner$; end $outer$; select 2",
                ["do $outer$ begin execute $inner$ select ';' $$ ; $inner$; end $outer$", "select 2"]
            ),
            (
                "do $$ begin create function g() returns int as $fn$ select 1; $fn$ language sql; end $$;",
                ["do $$ begin create function g() returns int as $fn$ select 1; $fn$ language sql; end $$"]
            ),
            ("select $1::int; select a$b from t; select 3", ["select $1::int", "select a$b from t", "select 3"]),
            ("select 'x' ~ '^#[0-9A-F]{8}$'; select 2", ["select 'x' ~ '^#[0-9A-F]{8}$'", "select 2"]),
            ("select 'è;é' as \"naïve;\"; select 2", ["select 'è;é' as \"naïve;\"", "select 2"]),
            ("   \n-- nothing\n/* but comments */\n", []),
        ]

        @Test("a ';' ends a statement only outside comments, strings, identifiers and dollar quotes", arguments: cases)
        func splits(sql: String, expected: [String]) throws {
            #expect(try SQLScript(sql).statements.map(\.sql) == expected)
        }

        @Test("each statement knows the line its first token is on")
        func lines() throws {
            let script = try SQLScript("-- header\n\nselect 1;\nselect\n  2; /* c\n */ select\n3")
            #expect(script.statements.map(\.line) == [3, 4, 6])
            #expect(script.statements.map(\.sql) == ["select 1", "select\n  2", "select\n3"])
        }

        static let unterminated: [(String, SQLScript.UnterminatedError)] = [
            ("select 1;\nselect 'open", .init(construct: "string", line: 2)),
            ("select \"open", .init(construct: "quoted identifier", line: 1)),
            ("select 1;\n/* open /* nested */ still open", .init(construct: "block comment", line: 2)),
            ("select 1;\n\ndo $body$ begin end $$;", .init(construct: "dollar-quoted body $body$", line: 3)),
            ("select E'ends with an escaped quote\\'", .init(construct: "string", line: 1)),
        ]

        @Test(
            "a string, identifier, comment or dollar quote that never ends is an error naming it",
            arguments: unterminated)
        func rejectsUnterminated(sql: String, expected: SQLScript.UnterminatedError) {
            #expect(throws: expected) { try SQLScript(sql) }
        }

        @Test("every migration in Backend/migrations splits into whole statements")
        func splitsTheMigrations() throws {
            let directory = PostgresMigratorTests.migrationsDirectory
            let migrator = try PostgresMigrator(directory: directory)
            #expect(migrator.migrations.map(\.name).first == "0001_auth.sql")
            for migration in migrator.migrations {
                #expect(!migration.script.statements.isEmpty, "\(migration.name)")
                for statement in migration.script.statements {
                    #expect(!statement.sql.hasSuffix(";"), "\(migration.name):\(statement.line)")
                    #expect(!statement.sql.hasPrefix("--"), "\(migration.name):\(statement.line)")
                }
            }
            let functions = try #require(migrator.migrations.first { $0.name == "0004_functions.sql" })
            #expect(functions.script.statements.filter { $0.sql.hasPrefix("create or replace function") }.count >= 3)
        }
    }

    /// The checksums recorded for migration files: SHA-256, as `sha256sum` prints it.
    @Suite("Migration checksums")
    struct MigrationChecksumTests {
        @Test(
            "a migration's checksum is the SHA-256 of its text",
            arguments: [
                ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
                ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
                (
                    "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
                ),
                (
                    String(repeating: "a", count: 1000),
                    "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"
                ),
            ])
        func checksum(text: String, expected: String) throws {
            #expect(try PostgresMigrator.Migration(name: "x.sql", sql: text).checksum == expected)
        }

        @Test("a migration file with an unterminated body is an error naming the file")
        func unterminatedFile() {
            #expect(
                throws: PostgresMigrationError.unterminated(
                    name: "0009_bad.sql", .init(construct: "dollar-quoted body $$", line: 2))
            ) {
                try PostgresMigrator.Migration(name: "0009_bad.sql", sql: "select 1;\ndo $$ begin")
            }
        }

        @Test("migrations apply in file-name order, whatever order they are given in")
        func order() throws {
            let names = ["0010_c.sql", "0002_b.sql", "0001_a.sql"]
            let migrator = PostgresMigrator(migrations: try names.map { try .init(name: $0, sql: "select 1") })
            #expect(migrator.migrations.map(\.name) == ["0001_a.sql", "0002_b.sql", "0010_c.sql"])
        }

        @Test("a missing directory or one without .sql files is an error naming it")
        func badDirectories() throws {
            let missing = FileManager.default.temporaryDirectory.appendingPathComponent(
                "fitkit-missing-\(UUID().uuidString)")
            #expect {
                try PostgresMigrator(directory: missing)
            } throws: { error in
                guard case .unreadableDirectory(let path, _) = error as? PostgresMigrationError else { return false }
                return path == missing.path
            }
            let empty = FileManager.default.temporaryDirectory.appendingPathComponent(
                "fitkit-empty-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: empty) }
            try Data("not sql".utf8).write(to: empty.appendingPathComponent("README.md"))
            #expect(throws: PostgresMigrationError.noMigrations(path: empty.path)) {
                try PostgresMigrator(directory: empty)
            }
        }
    }
#endif
