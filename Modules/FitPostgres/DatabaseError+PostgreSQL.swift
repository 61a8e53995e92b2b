#if Postgres
    import FitCore
    import PostgresNIO

    extension DatabaseError {
        /// The server's error as FitKit's error: SQLSTATE, message, detail and hint.
        ///
        /// A lost connection is one typed error, `08006`, whatever lost it: no server answer at all (the socket
        /// closed, the pool shut down), a connection-class SQLSTATE (`08…`), or the server ending the session
        /// (`57P01` a shutdown or `pg_terminate_backend`, `57P02` a crash, `57P03` still starting); the server's
        /// own code is kept in ``details``.
        init(_ error: PSQLError) {
            guard let info = error.serverInfo, let code = info[.sqlState] else {
                self = .connectionFailure("\(error.code)")
                return
            }
            let message = info[.message] ?? ""
            if Self.endsTheConnection(code) {
                self = .connectionFailure(message, details: "SQLSTATE \(code)")
            } else {
                self.init(code: code, message: message, details: info[.detail], hint: info[.hint])
            }
        }

        /// `08006`: the connection failed before an answer came; `reason` says how.
        static func connectionFailure(_ reason: String, details: String? = nil) -> DatabaseError {
            DatabaseError(code: "08006", message: "connection failure: \(reason)", details: details)
        }

        /// Whether the server's `code` means the session is gone rather than the statement refused.
        static func endsTheConnection(_ code: String) -> Bool {
            code.hasPrefix("08") || code == "57P01" || code == "57P02" || code == "57P03"
        }

        /// Serialization failures and deadlocks: the transaction is retried, never reported.
        static func isRetryable(_ error: PSQLError) -> Bool {
            guard let code = error.serverInfo?[.sqlState] else { return false }
            return code == "40001" || code == "40P01"
        }
    }
#endif
