#if Postgres
    import Crypto
    import FitCore
    import Foundation
    import PostgresNIO

    /// Applies a directory of SQL migrations (FitKit's `Backend/migrations`) to a database, each file once, so
    /// an empty database becomes a FitKit one without `psql`.
    ///
    /// Files run in file-name order (`0001_auth.sql`, `0002_schema.sql`, …). Each file runs in one transaction
    /// together with its row in `fitkit_schema_migrations` (name, SHA-256 checksum as `sha256sum` prints it,
    /// time): a file already recorded with the same checksum is skipped, so a second run applies nothing, and a
    /// recorded file whose checksum changed stops the run with ``PostgresMigrationError/checksumChanged(name:recorded:current:)``
    /// before anything runs, since its edit would silently never apply. Runs serialize on an advisory lock, so two
    /// processes migrating at once apply each file once.
    ///
    /// Statements run one by one (the extended protocol takes one command per query; see ``SQLScript``) as the
    /// connecting user, not an API role: migrations create roles, schemas and functions. The tracking table has
    /// row-level security on and no policies, so the API roles (which Supabase grants everything on new tables)
    /// see none of it.
    public struct PostgresMigrator: Sendable {
        /// One migration file: its name (the tracking key), checksum and statements.
        public struct Migration: Sendable, Hashable {
            /// The file name: the key in `fitkit_schema_migrations` and the sort key.
            public let name: String
            /// The lower-case hex SHA-256 of the file's text.
            public let checksum: String
            /// The file's statements, run one by one.
            public let script: SQLScript

            /// A migration called `name` (a file name) with the SQL text `sql`.
            ///
            /// - Parameters:
            ///   - name: The file name, e.g. `0002_schema.sql`; migrations apply in its order.
            ///   - sql: The file's text; its SHA-256 is the checksum.
            /// - Throws: ``PostgresMigrationError/unterminated(name:_:)`` when the text leaves a string, quoted
            ///   identifier, comment or dollar-quoted body open.
            public init(name: String, sql: String) throws(PostgresMigrationError) {
                self.name = name
                checksum = SHA256.hash(data: Data(sql.utf8)).map { String(format: "%02x", $0) }.joined()
                do {
                    script = try SQLScript(sql)
                } catch {
                    throw .unterminated(name: name, error)
                }
            }
        }

        /// The migrations, in the order they apply.
        public let migrations: [Migration]

        /// The migrations to apply, sorted by name (the order they apply in).
        ///
        /// - Parameter migrations: The migrations, in any order.
        public init(migrations: [Migration]) {
            self.migrations = migrations.sorted { $0.name < $1.name }
        }

        /// The `*.sql` files of `directory`, read now; throws when it cannot be read or has none.
        ///
        /// Other files are ignored.
        ///
        /// - Parameter directory: The migrations directory, e.g. `Backend/migrations`.
        /// - Throws: ``PostgresMigrationError/unreadableDirectory(path:reason:)`` when it cannot be listed,
        ///   ``PostgresMigrationError/unreadableFile(name:reason:)`` when a file is not UTF-8 text,
        ///   ``PostgresMigrationError/unterminated(name:_:)`` when a file leaves a construct open, and
        ///   ``PostgresMigrationError/noMigrations(path:)`` when it has no `*.sql` file.
        public init(directory: URL) throws(PostgresMigrationError) {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            } catch {
                throw .unreadableDirectory(path: directory.path, reason: Self.reason(error))
            }
            var migrations: [Migration] = []
            for name in names where name.hasSuffix(".sql") {
                let sql: String
                do {
                    sql = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
                } catch {
                    throw .unreadableFile(name: name, reason: Self.reason(error))
                }
                migrations.append(try Migration(name: name, sql: sql))
            }
            guard !migrations.isEmpty else { throw .noMigrations(path: directory.path) }
            self.init(migrations: migrations)
        }

        /// Applies the migrations not yet recorded in `database` and returns their names (empty when every file
        /// was applied before), then reloads the database's schema cache.
        ///
        /// Files applied before a failure stay applied.
        ///
        /// - Parameter database: The database to migrate, on a pool whose `run()` is running; its role does not matter
        ///   (migrations run as the connecting user).
        /// - Returns: The names of the files applied by this run, in order.
        /// - Throws: ``PostgresMigrationError/checksumChanged(name:recorded:current:)`` when an applied file has
        ///   changed (before anything runs), ``PostgresMigrationError/statementFailed(name:line:_:)`` naming the file
        ///   and line of a failed statement (that file is rolled back), or a ``/FitCore/DatabaseError`` when the
        ///   server cannot be reached (`08006`) or the tracking table cannot be created.
        @discardableResult
        public func migrate(_ database: PostgresDatabase) async throws -> [String] {
            let backend = database.backend
            try await Self.asOwner(backend) { connection, logger in
                _ = try await connection.answer(PostgresQuery(unsafeSQL: Self.createTrackingTable), logger: logger)
                _ = try await connection.answer(PostgresQuery(unsafeSQL: Self.protectTrackingTable), logger: logger)
            }
            let recorded = try await Self.asOwner(backend) { connection, logger in
                var recorded: [String: String] = [:]
                let rows = try await connection.answer(
                    "select name, checksum from fitkit_schema_migrations", logger: logger
                ).rows
                for row in rows {
                    let (name, checksum) = try row.decode((String, String).self)
                    recorded[name] = checksum
                }
                return recorded
            }
            for migration in migrations {
                if let checksum = recorded[migration.name], checksum != migration.checksum {
                    throw PostgresMigrationError.checksumChanged(
                        name: migration.name, recorded: checksum, current: migration.checksum)
                }
            }
            var applied: [String] = []
            for migration in migrations where recorded[migration.name] == nil {
                if try await Self.apply(migration, backend: backend) { applied.append(migration.name) }
            }
            try await database.reloadSchema()
            return applied
        }

        /// Runs `migration` and records it in one transaction; false when another run recorded it meanwhile.
        private static func apply(_ migration: Migration, backend: PostgresBackend) async throws -> Bool {
            try await asOwner(backend) { connection, logger in
                let existing = try await connection.answer(
                    "select checksum from fitkit_schema_migrations where name = \(migration.name)", logger: logger
                ).rows.first?.decode(String.self)
                if let existing {
                    guard existing == migration.checksum else {
                        throw PostgresMigrationError.checksumChanged(
                            name: migration.name, recorded: existing, current: migration.checksum)
                    }
                    return false
                }
                for statement in migration.script.statements {
                    do {
                        _ = try await connection.answer(PostgresQuery(unsafeSQL: statement.sql), logger: logger)
                    } catch let error as PSQLError {
                        throw PostgresMigrationError.statementFailed(
                            name: migration.name, line: statement.line, DatabaseError(error))
                    }
                }
                _ = try await connection.answer(
                    "insert into fitkit_schema_migrations (name, checksum) values (\(migration.name), \(migration.checksum))",
                    logger: logger
                )
                return true
            }
        }

        /// Runs `body` in one transaction as the connecting user (a pooled connection's session may act as an API
        /// role: `set local role none` undoes that until commit), holding the migrations' advisory lock.
        private static func asOwner<Result: Sendable>(
            _ backend: PostgresBackend, _ body: @Sendable (PostgresConnection, Logger) async throws -> Result
        ) async throws -> Result {
            do {
                return try await backend.pool.withConnection { connection in
                    let logger = backend.logger
                    _ = try await connection.answer("begin", logger: logger)
                    do {
                        for setup in ["set local role none", "set local client_min_messages = warning", lockSQL] {
                            _ = try await connection.answer(PostgresQuery(unsafeSQL: setup), logger: logger)
                        }
                        let result = try await body(connection, logger)
                        _ = try await connection.answer("commit", logger: logger)
                        return result
                    } catch {
                        _ = try? await connection.answer("rollback", logger: logger)
                        throw error
                    }
                }
            } catch let error as PSQLError {
                throw DatabaseError(error)
            }
        }

        private static let lockSQL = "select pg_advisory_xact_lock(hashtext('fitkit_schema_migrations'))"

        private static let createTrackingTable = """
            create table if not exists public.fitkit_schema_migrations (
              name text primary key,
              checksum text not null,
              applied_at timestamptz not null default now()
            )
            """

        private static let protectTrackingTable =
            "alter table public.fitkit_schema_migrations enable row level security"

        private static func reason(_ error: any Error) -> String {
            (error as NSError).localizedDescription
        }
    }
#endif
