#if Postgres
    import FitCore
    import Foundation
    import PostgresNIO

    /// FitKit's PostgreSQL backend: a `DatabaseClient` over a postgres-nio connection pool that behaves like
    /// Supabase's PostgREST, so feature code runs unchanged against the in-memory database or a real server.
    ///
    /// Each ``run(_:)`` is atomic and first takes on the acting role (`anon`, `authenticated` with the member's
    /// JWT claims, or `service_role`), so row-level security and `auth.uid()` work as on Supabase. A request of
    /// several statements runs in one transaction; a single statement runs on its own.
    /// Queries are compiled with every value bound as a parameter and every name checked against the schema.
    /// Serialization failures and deadlocks are retried inside (bounded) and never reach the caller.
    ///
    /// ``changes(to:where:)`` follows what others commit (the change feed of `Backend/migrations/0006_change_feed.sql`),
    /// on one connection of the pool kept for listening while anyone follows.
    ///
    /// The pool's `run()` must be running: use ``withDatabase(url:as:maximumConnections:pool:viewFeeds:_:)``, or create a
    /// `PostgresClient`, run it in your own task or service group and pass it to ``init(client:as:maximumAttempts:viewFeeds:)``.
    public struct PostgresDatabase: DatabaseClient {
        /// The role each ``run(_:)`` takes on before its statements: `service_role`, `anon`, or `authenticated` with
        /// the member's id as `auth.uid()`, so the server's row-level security decides what it sees.
        public let role: DatabaseRole
        let backend: PostgresBackend

        /// A database over `client`, whose `run()` the caller keeps running. The schema is read on first use.
        ///
        /// While the server cannot be reached, a request waits as the pool makes it (up to its 60 s circuit breaker);
        /// ``withDatabase(url:as:maximumConnections:pool:viewFeeds:_:)`` fails such requests at once instead.
        ///
        /// - Parameters:
        ///   - client: The connection pool; its `run()` must be running for requests to be answered.
        ///   - role: The role requests run as; the service role by default (``acting(as:)`` switches).
        ///   - maximumAttempts: How many times a request runs when it keeps failing with a serialization failure
        ///     (`40001`) or deadlock (`40P01`) before that error is thrown; at least 1, 20 by default.
        ///   - viewFeeds: The views ``changes(to:where:)`` can follow, and which table changes concern them (a
        ///     schema's declarations, such as FitContract's `FitKitContract.viewFeeds`); none by default, so only
        ///     tables can be followed.
        public init(
            client: PostgresClient, as role: DatabaseRole = .service, maximumAttempts: Int = 20,
            viewFeeds: [ViewFeed] = []
        ) {
            self.init(
                backend: PostgresBackend(client: client, maximumAttempts: maximumAttempts, viewFeeds: viewFeeds),
                role: role)
        }

        /// A database over `client` that checks the server outside the pool, connecting with `connection`, while its
        /// reachability is in doubt (see ``ServerReachability``).
        init(
            client: PostgresClient, as role: DatabaseRole, viewFeeds: [ViewFeed],
            checkingWith connection: PostgresConnection.Configuration
        ) {
            let reachability = ServerReachability(connect: ServerReachability.connecting(with: connection))
            self.init(
                backend: PostgresBackend(
                    client: client, maximumAttempts: 20, viewFeeds: viewFeeds, reachability: reachability),
                role: role)
        }

        private init(backend: PostgresBackend, role: DatabaseRole) {
            self.backend = backend
            self.role = role
        }

        /// The same database acting as another role: it shares this one's pool, schema cache and change listener,
        /// so switching roles costs nothing.
        ///
        /// - Parameter role: The role the new value's requests run as.
        /// - Returns: A database whose ``role`` is `role`.
        public func acting(as role: DatabaseRole) -> PostgresDatabase {
            PostgresDatabase(backend: backend, role: role)
        }

        /// Compiles `query` to SQL (every value a bound parameter, every name checked against the schema) and runs
        /// it atomically as ``role``.
        ///
        /// - Parameter query: The request.
        /// - Returns: The JSON body PostgREST would send, and the count when the query asked for one.
        /// - Throws: A ``/FitCore/DatabaseError``: the server's SQLSTATE, message, detail and hint (`23505`, `42501`,
        ///   a business rule's code from a function, …); PostgREST's code for a name the schema does not
        ///   have (`PGRST205`, `PGRST202`, `42703`, `PGRST204`) or a cardinality mismatch (`PGRST116`, the write
        ///   rolled back); `08006` when the connection fails without an answer. `CancellationError` when the task is
        ///   cancelled.
        public func run(_ query: DatabaseQuery) async throws -> RawResponse {
            try ResponseShaping.checkSchema(query)
            let compiled = try QueryCompiler(catalog: try await backend.catalog()).compile(query)
            // One statement that cannot be refused after it ran (PGRST116 rolls a write back) needs no explicit
            // transaction around it.
            // A write that is its own transaction reports the transaction's id next to its rows, so an answer whose
            // commit the connection did not live to confirm can be settled (see `settle`); a write returning nothing
            // runs in an explicit transaction instead, whose `commit` confirms itself.
            let confirmsCommit = query.operation != .select
            let singleStatement =
                compiled.statements.count == 1 && compiled.count == nil
                && (query.operation == .select || query.operation == .rpc || query.cardinality == .many)
                && (!confirmsCommit || compiled.returnsRows)
            // A function call sets its own claims: one round trip whichever member the pooled connection served.
            let claimsInStatement = singleStatement && query.operation == .rpc
            let role = role
            let (response, unconfirmed) = try await backend.transaction(
                as: role, singleStatement: singleStatement, claimsInStatement: claimsInStatement
            ) { connection, logger in
                var rows: [String] = []
                var affected = 0
                var unconfirmed: String?
                for statement in compiled.statements {
                    var statement = statement
                    if singleStatement && confirmsCommit { statement.append(", txid_current_if_assigned()::text") }
                    if claimsInStatement {
                        statement = PostgresBackend.withClaims(statement, of: role, readOnly: query.isReadOnly)
                    }
                    if singleStatement && confirmsCommit {
                        // A function call is prepared once per connection (see `PreparedStatements`).
                        let answered = try await connection.answerNotingClose(
                            statement, preparedIn: claimsInStatement ? backend.preparedStatements : nil,
                            logger: logger)
                        affected += answered.rows.count
                        var transaction: String?
                        for row in answered.rows {
                            // Cell by cell: decoding the row as a tuple goes through a parameter pack's metadata.
                            var cells = row.makeIterator()
                            let json = try cells.next()?.decode(String?.self) ?? nil
                            let id = try cells.next()?.decode(String?.self) ?? nil
                            rows.append(json ?? "null")
                            transaction = transaction ?? id
                        }
                        if let transaction, !answered.outlived { unconfirmed = transaction }
                    } else {
                        let result = try await connection.answer(statement.query, logger: logger)
                        affected += result.metadata.rows ?? result.rows.count
                        if compiled.returnsRows {
                            for row in result.rows { rows.append(try row.decode(String?.self) ?? "null") }
                        }
                    }
                }
                var count: Int?
                if let countStatement = compiled.count {
                    let result = try await connection.answer(countStatement.query, logger: logger)
                    count = try result.rows.first?.decode(Int.self) ?? 0
                } else if query.count != nil {
                    count = query.operation == .rpc ? nil : (compiled.returnsRows ? rows.count : affected)
                }
                let response: RawResponse
                if query.operation == .rpc {
                    let data = Self.utf8(rows.first ?? "null")
                    if query.count == nil && !query.head && query.cardinality == .many {
                        response = RawResponse(data: data)
                    } else {
                        // Counted, headless or one row: read the result as the other backends do.
                        response = try ResponseShaping.functionResponse(
                            JSONValue(json: data), for: query)
                    }
                } else if !compiled.returnsRows {
                    response = RawResponse(data: Data(), count: count)
                } else {
                    response = RawResponse(data: try Self.body(rows, cardinality: query.cardinality), count: count)
                }
                return (response, unconfirmed)
            }
            if let unconfirmed { try await backend.settle(transaction: unconfirmed) }
            return try ResponseShaping.formatted(response, for: query)
        }

        /// Forgets the cached schema, so tables, columns and functions created since are known (PostgREST's
        /// `NOTIFY pgrst, 'reload schema'`).
        ///
        /// - Throws: A ``/FitCore/DatabaseError`` when the schema cannot be read again (`08006` for a lost
        ///   connection); the next request then tries again.
        public func reloadSchema() async throws {
            backend.forgetCatalog()
            _ = try await backend.catalog()
        }

        /// The rows as the response body; throws `PGRST116` (rolling the transaction back) when the cardinality
        /// does not fit.
        private static func body(_ rows: [String], cardinality: DatabaseQuery.Cardinality) throws -> Data {
            switch cardinality {
            case .many: return utf8("[" + rows.joined(separator: ",") + "]")
            case .single:
                guard rows.count == 1 else { throw DatabaseError.singleRow(found: rows.count) }
            case .maybeSingle:
                guard rows.count <= 1 else { throw DatabaseError.singleRow(found: rows.count) }
            }
            return utf8(rows.first ?? "null")
        }

        /// `text`'s bytes, copied in one step: `Data(text.utf8)`, through `Data`'s generic sequence initializer, took
        /// about 1.5 times as long for an answer's few hundred bytes.
        private static func utf8(_ text: String) -> Data {
            var text = text
            return text.withUTF8 { Data(buffer: $0) }
        }
    }
#endif
