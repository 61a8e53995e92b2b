#if Postgres
    import FitCore
    import PostgresNIO

    /// The function calls prepared on each pooled connection, by their SQL text, so the server parses and plans a
    /// call's statement once per connection instead of on every call.
    ///
    /// A function call is FitPostgres's busiest statement (every booking is one), and for a statement that small
    /// the server's parse and plan cost more than running it (figures in `Benchmarks/README.md`). The statements
    /// are prepared with postgres-nio's `prepare(query:)`, whose `PreparedQuery` takes SQL known only at run time
    /// (its `PostgresPreparedStatement` needs the SQL as a static property); that API reports the server's errors as
    /// `PostgresError.server`, which ``ServerFailure`` reads as it reads a `PSQLError`. The parameters carry their
    /// types in the text (see ``SQLStatement``), so a prepared statement means what the unprepared one does.
    ///
    /// At most ``perConnection`` statements are kept per connection; a call beyond them runs unprepared. A
    /// connection's statements are forgotten when it closes (the server drops them with the session).
    final class PreparedStatements: Sendable {
        /// How many statements one connection keeps.
        static let perConnection = 32

        private let prepared = LockedState<[PostgresConnection.ID: [String: PreparedQuery]]>([:])

        /// The statement prepared from `sql` on `connection`; prepares it with `prepare` the first time, or returns
        /// `nil` when the connection keeps ``perConnection`` statements already.
        ///
        /// A connection serves one request at a time (the pool leases it), so no two calls prepare on it at once.
        func statement(
            _ sql: String, on connection: PostgresConnection,
            preparing prepare: (String) async throws -> PreparedQuery
        ) async throws -> PreparedQuery? {
            let id = connection.id
            let (known, count) = prepared.withLock { ($0[id]?[sql], $0[id]?.count) }
            if let known { return known }
            if let count, count >= Self.perConnection { return nil }
            let statement = try await prepare(sql)
            prepared.withLock { $0[id, default: [:]][sql] = statement }
            if count == nil {
                connection.closeFuture.whenComplete { [prepared] _ in
                    prepared.withLock { _ = $0.removeValue(forKey: id) }
                }
            }
            return statement
        }

        /// How many statements are kept for the connection `id` (tests read it).
        func count(on id: PostgresConnection.ID) -> Int {
            prepared.withLock { $0[id]?.count ?? 0 }
        }

        /// How many statements are kept over every connection (tests read it).
        var total: Int { prepared.withLock { $0.values.reduce(0) { $0 + $1.count } } }
    }
#endif
