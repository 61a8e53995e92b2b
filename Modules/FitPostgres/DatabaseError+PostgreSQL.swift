#if Postgres
    import FitCore
    import PostgresNIO

    extension DatabaseError {
        /// The server's error as FitKit's error: SQLSTATE, message, detail and hint. Errors without a server
        /// answer (connection lost, pool closed) become `08006` with postgres-nio's description.
        init(_ error: PSQLError) {
            if let info = error.serverInfo, let code = info[.sqlState] {
                self.init(code: code, message: info[.message] ?? "", details: info[.detail], hint: info[.hint])
            } else {
                self.init(code: "08006", message: "connection failure: \(error.code)")
            }
        }

        /// Serialization failures and deadlocks: the transaction is retried, never reported.
        static func isRetryable(_ error: PSQLError) -> Bool {
            guard let code = error.serverInfo?[.sqlState] else { return false }
            return code == "40001" || code == "40P01"
        }
    }
#endif
