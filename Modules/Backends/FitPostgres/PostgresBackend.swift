#if Postgres
    import FitCore
    import Foundation
    import PostgresNIO

    /// What every role's ``PostgresDatabase`` shares: the pool, the schema cache, the transaction runner and the
    /// change feed's listening connection.
    final class PostgresBackend: Sendable {
        let client: PostgresClient
        let maximumAttempts: Int
        let logger = Logger(label: "fitkit.postgres")
        let changeListener: ChangeListener
        /// The function calls prepared on each pooled connection.
        let preparedStatements = PreparedStatements()
        private let cachedCatalog = LockedState<SchemaCatalog?>(nil)
        /// The role each pooled connection's session has taken on, recorded only after the server confirmed it,
        /// so a single-statement request on a connection that already acts as its role skips the setup.
        private let sessionRoles = LockedState<[PostgresConnection.ID: DatabaseRole]>([:])
        /// Checked before asking the pool for a connection, when the backend can connect outside the pool (see
        /// ``ServerReachability``); `nil` for a pool the caller made.
        let reachability: ServerReachability?
        /// The pool requests lease their connections from: it replaces connections that close while requests wait,
        /// and puts reachability in doubt when one closes.
        let pool: RefillingPool

        /// The views ``PostgresDatabase/changes(to:where:)`` can follow, and how.
        let viewFeeds: [ViewFeed]

        init(
            client: PostgresClient, maximumAttempts: Int, viewFeeds: [ViewFeed],
            reachability: ServerReachability? = nil
        ) {
            self.client = client
            self.viewFeeds = viewFeeds
            self.maximumAttempts = max(1, maximumAttempts)
            self.reachability = reachability
            pool = RefillingPool(client: client) { reachability?.doubt() }
            changeListener = ChangeListener(client: client, logger: logger)
        }

        func forgetCatalog() { cachedCatalog.withLock { $0 = nil } }

        /// The schema cache, read from the system catalogs on first use.
        func catalog() async throws -> SchemaCatalog {
            if let catalog = cachedCatalog.value { return catalog }
            let loaded = try await transaction(as: .service) { connection, logger in
                try await Self.loadCatalog(connection, logger: logger)
            }
            cachedCatalog.withLock { $0 = loaded }
            return loaded
        }

        /// Runs `body` in one transaction acting as `role`; retries it on serialization failure or deadlock and
        /// maps server errors to ``DatabaseError``.
        ///
        /// With `singleStatement`, `body` runs exactly one statement that needs no rollback afterwards (a read, a
        /// function call, or a write with no cardinality check): the role and claims are then set for the session
        /// and the statement runs on its own, committing by itself — one or two round trips instead of four. The
        /// session role of each pooled connection is tracked (set only after the server confirmed it), so a
        /// connection that already acts as `role` runs the statement straight away; a transaction's local
        /// settings end with it and leave the session's as recorded.
        ///
        /// With `claimsInStatement` as well, the statement sets the claims itself (see ``withClaims(_:of:)``),
        /// so a connection whose session already has the role's database role (`authenticated` for every
        /// member) needs no setup: one round trip per call, whichever member the connection served before.
        ///
        /// Unless `waitingForServer`, a request fails with `08006` instead of waiting for a connection when the server
        /// is found unreachable (see ``ServerReachability``); with it, the request waits for the pool to connect.
        func transaction<Result: Sendable>(
            as role: DatabaseRole,
            singleStatement: Bool = false,
            claimsInStatement: Bool = false,
            waitingForServer: Bool = false,
            _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> Result
        ) async throws -> Result {
            var attempt = 0
            while true {
                attempt += 1
                do {
                    return try await leasing(waitingForServer: waitingForServer) { leased in
                        try await self.pool.withConnection { connection in
                            try leased()
                            do {
                                if singleStatement {
                                    try await self.takeOnSessionRole(
                                        role, on: connection, claimsInStatement: claimsInStatement)
                                    return try await body(connection, self.logger)
                                }
                                return try await self.attempt(on: connection, as: role, body)
                            } catch {
                                guard let failure = ServerFailure(error) else { throw RequestFailure(error: error) }
                                // The session may be gone or in an unknown state: set the role up again next time.
                                if !failure.isRetryable { self.sessionRoles.withLock { $0[connection.id] = nil } }
                                throw failure
                            }
                        }
                    }
                } catch let failure as ServerFailure {
                    if failure.isRetryable, attempt < maximumAttempts {
                        await Task.yield()
                        continue
                    }
                    if failure.error.code == "08006" { reachability?.doubt() }
                    throw failure.error
                } catch let failure as RequestFailure {
                    throw failure.error
                } catch let unreachable as ServerReachability.Unreachable {
                    throw unreachable.error
                } catch is CancellationError {
                    throw CancellationError()
                } catch {
                    // The pool's own errors (no connection could be made for a while, …): one typed error.
                    if !Task.isCancelled { reachability?.doubt() }
                    throw DatabaseError.connectionFailure("\(error)")
                }
            }
        }

        /// Runs `lease` (which asks the pool for a connection and calls `leased` first thing with it) through
        /// ``reachability`` unless `waitingForServer`, or as it is.
        private func leasing<Result: Sendable>(
            waitingForServer: Bool,
            _ lease: @escaping @Sendable (_ leased: @escaping @Sendable () throws -> Void) async throws -> Result
        ) async throws -> Result {
            guard let reachability, !waitingForServer else { return try await lease({}) }
            return try await reachability.leasing(lease)
        }

        /// Settles a write whose connection closed right after its answer: returns when `transaction` committed,
        /// and throws `08006` when it was rolled back ("nothing was written") or when its fate cannot be learnt yet
        /// (still in progress, or the server cannot be asked: "unknown"). Asked on another connection of the pool, which waits for a restarting server to come back.
        ///
        /// - Parameter transaction: The write's transaction id (`txid_current_if_assigned()`).
        /// - Throws: ``/FitCore/DatabaseError`` `08006` unless the transaction committed.
        func settle(transaction: String) async throws {
            let status: String?
            do {
                status = try await self.transaction(as: .service, singleStatement: true, waitingForServer: true) {
                    connection, logger in
                    try await connection.answer("select txid_status(\(transaction)::bigint)", logger: logger).rows
                        .first?.decode(String?.self)
                }
            } catch {
                throw DatabaseError.connectionFailure(
                    "the session ended before its write was confirmed, and whether it committed is unknown (\(error))")
            }
            switch status {
            case "committed": return
            case "aborted":
                throw DatabaseError.connectionFailure(
                    "the session ended before its write was committed; nothing was written")
            default:
                // Still in progress (its session may yet commit it) or forgotten: the outcome is unknown.
                throw DatabaseError.connectionFailure(
                    "the session ended before its write was confirmed, and whether it committed is unknown")
            }
        }

        /// An error `body` threw itself (a ``/FitCore/DatabaseError``, a decoding error, cancellation), kept apart from
        /// the pool's errors so only those become `08006`.
        private struct RequestFailure: Error {
            let error: any Error
        }

        private func takeOnSessionRole(
            _ role: DatabaseRole, on connection: PostgresConnection, claimsInStatement: Bool
        ) async throws {
            let current = sessionRoles.withLock { $0[connection.id] }
            if current == role { return }
            if claimsInStatement, let current, Self.roleName(current) == Self.roleName(role) { return }
            sessionRoles.withLock { $0[connection.id] = nil }
            _ = try await connection.answer(Self.roleSetup(role, local: false).query, logger: logger)
            sessionRoles.withLock { $0[connection.id] = role }
        }

        private func attempt<Result: Sendable>(
            on connection: PostgresConnection, as role: DatabaseRole,
            _ body: @Sendable (PostgresConnection, Logger) async throws -> Result
        ) async throws -> Result {
            _ = try await connection.answer("begin", logger: logger)
            do {
                _ = try await connection.answer(Self.roleSetup(role, local: true).query, logger: logger)
                let result = try await body(connection, logger)
                _ = try await connection.answer("commit", logger: logger)
                return result
            } catch {
                _ = try? await connection.answer("rollback", logger: logger)
                throw error
            }
        }

        /// Takes on `role` as Supabase does: the database role, the JWT claims `auth.uid()` reads, and UTC; for the
        /// current transaction (`local`) or for the session.
        static func roleSetup(_ role: DatabaseRole, local: Bool) -> SQLStatement {
            let scope = local ? "true" : "false"
            var setup = SQLStatement()
            setup.append("select set_config('role', ")
            setup.appendParameter(roleName(role))
            setup.append(", \(scope)), set_config('request.jwt.claims', ")
            setup.appendParameter(claims(role))
            setup.append(", \(scope)), set_config('TimeZone', 'UTC', \(scope))")
            return setup
        }

        /// A function call (`select to_json(f(…))::text`) that sets `role`'s JWT claims for its own transaction
        /// before the call runs: the claims come from a one-row subquery in `FROM` (kept apart from the call by
        /// `offset 0`), which the executor reads before it evaluates the select list. The database role is the
        /// session's (see ``transaction(as:singleStatement:claimsInStatement:waitingForServer:_:)``); `auth.uid()`
        /// inside the function reads the claims set here, and they end with the statement's transaction.
        /// The call with the caller's claims set in its FROM, evaluated first; `readOnly` also makes its transaction
        /// read-only there (PostgREST's `GET` on a function), so a function that writes fails with `25006`.
        static func withClaims(_ call: SQLStatement, of role: DatabaseRole, readOnly: Bool = false) -> SQLStatement {
            var statement = call
            statement.append(" from (select set_config('request.jwt.claims', ")
            statement.appendParameter(claims(role))
            statement.append(", true)")
            if readOnly { statement.append(", set_config('transaction_read_only', 'on', true)") }
            statement.append(" offset 0) as fitkit_claims")
            return statement
        }

        static func roleName(_ role: DatabaseRole) -> String {
            switch role {
            case .service: "service_role"
            case .anonymous: "anon"
            case .member: "authenticated"
            }
        }

        /// The JWT claims Supabase puts in `request.jwt.claims`; empty for anon, so `auth.uid()` is NULL.
        static func claims(_ role: DatabaseRole) -> String {
            switch role {
            case .service: #"{"role":"service_role"}"#
            case .anonymous: ""
            case .member(let id): #"{"sub":"\#(UUIDText.lowercase(id))","role":"authenticated"}"#
            }
        }

        private static func loadCatalog(_ connection: PostgresConnection, logger: Logger) async throws -> SchemaCatalog
        {
            var catalog = SchemaCatalog()
            for row in try await connection.answer(PostgresQuery(unsafeSQL: SchemaCatalog.columnsSQL), logger: logger)
                .rows
            {
                let (table, kind, column, type) = try row.decode((String, String, String, String).self)
                var relation =
                    catalog.relations[table]
                    ?? SchemaCatalog.Relation(
                        name: table, isView: kind == "v" || kind == "m", columnNames: [], columnTypes: [:],
                        primaryKey: [])
                relation.columnNames.append(column)
                relation.columnTypes[column] = type
                catalog.relations[table] = relation
            }
            for row in try await connection.answer(
                PostgresQuery(unsafeSQL: SchemaCatalog.primaryKeysSQL), logger: logger
            ).rows {
                let (table, column) = try row.decode((String, String).self)
                catalog.relations[table]?.primaryKey.append(column)
            }
            var functionOids: [String: Int] = [:]
            for row in try await connection.answer(PostgresQuery(unsafeSQL: SchemaCatalog.functionsSQL), logger: logger)
                .rows
            {
                let (oid, name, argument, type) = try row.decode((Int, String, String?, String?).self)
                // Overloads: the first one (lowest oid) is the one requests reach.
                if let known = functionOids[name], known != oid { continue }
                functionOids[name] = oid
                var function = catalog.functions[name] ?? SchemaCatalog.Function(name: name, arguments: [])
                if let argument, let type { function.arguments.append((argument, type)) }
                catalog.functions[name] = function
            }
            for row in try await connection.answer(
                PostgresQuery(unsafeSQL: SchemaCatalog.foreignKeysSQL), logger: logger
            ).rows {
                let (name, table, column, referencedTable, referencedColumn) = try row.decode(
                    (String, String, String, String, String).self)
                catalog.foreignKeys.append(
                    ForeignKeyReference(
                        name: name, table: table, column: column, referencedTable: referencedTable,
                        referencedColumn: referencedColumn))
            }
            for row in try await connection.answer(
                PostgresQuery(unsafeSQL: SchemaCatalog.notifyingTablesSQL), logger: logger
            ).rows {
                catalog.notifyingTables.insert(try row.decode(String.self))
            }
            return catalog
        }
    }
#endif
