#if Postgres
    import FitCore
    import FitWire
    import Foundation
    import PostgresNIO

    extension PostgresDatabase {
        /// Runs one read-only SQL query as the service role and returns its rows, each as a JSON object keyed by
        /// column name: for looking at the database itself (its catalog, to check a feature's Swift mirror against
        /// its migrations), not at the app's data, which goes through `DatabaseQuery` like every other request.
        ///
        /// The query runs in a read-only transaction, so it cannot change anything. Name each column (`as name`):
        /// columns of the same name collapse into one key.
        ///
        /// - Parameter sql: One `SELECT` (or `WITH … SELECT`) statement; rows come back in its order.
        /// - Returns: One JSON object per row.
        /// - Throws: ``/FitCore/DatabaseError`` `42501` unless ``role`` is the service role; the server's error for a
        ///   query it refuses (`25006` for one that would write, `0A000` for a `WITH` that writes); `08006` when the connection fails.
        public func inspect(_ sql: String) async throws -> [JSONValue] {
            guard role == .service else {
                throw DatabaseError(
                    code: "42501", message: "only the service role may inspect the database",
                    hint: "call inspect(_:) on a PostgresDatabase acting as .service")
            }
            let lines = try await backend.transaction(as: .service) { connection, logger in
                _ = try await connection.answer(
                    PostgresQuery(unsafeSQL: "select set_config('transaction_read_only', 'on', true)"), logger: logger)
                let wrapped = "select to_jsonb(fitkit_inspected)::text from (\(sql)) as fitkit_inspected"
                return try await connection.answer(PostgresQuery(unsafeSQL: wrapped), logger: logger).rows.map {
                    try $0.decode(String.self)
                }
            }
            return try lines.map { try JSONValue(json: Data($0.utf8)) }
        }
    }
#endif
