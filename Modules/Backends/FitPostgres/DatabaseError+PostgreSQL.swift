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
            self = .server(code: code, message: info[.message] ?? "", details: info[.detail], hint: info[.hint])
        }

        /// The same for an error from postgres-nio's prepared-query API, which reports the server's error as
        /// `PostgresError.server` (see ``PreparedStatements``).
        init(_ error: PostgresError) {
            guard case .server(let answer) = error, let code = answer.fields[.sqlState] else {
                self = .connectionFailure("\(error)")
                return
            }
            self = .server(
                code: code, message: answer.fields[.message] ?? "", details: answer.fields[.detail],
                hint: answer.fields[.hint])
        }

        /// The server's error with its SQLSTATE, or `08006` keeping the server's code in ``details`` when the code
        /// ends the session.
        private static func server(code: String, message: String, details: String?, hint: String?) -> DatabaseError {
            endsTheConnection(code)
                ? .connectionFailure(message, details: "SQLSTATE \(code)")
                : DatabaseError(code: code, message: message, details: details, hint: hint)
        }

        /// `08006`: the connection failed before an answer came; `reason` says how.
        static func connectionFailure(_ reason: String, details: String? = nil) -> DatabaseError {
            DatabaseError(code: "08006", message: "connection failure: \(reason)", details: details)
        }

        /// Whether the server's `code` means the session is gone rather than the statement refused.
        static func endsTheConnection(_ code: String) -> Bool {
            code.hasPrefix("08") || code == "57P01" || code == "57P02" || code == "57P03"
        }

        /// Serialization failures (`40001`) and deadlocks (`40P01`): the transaction is retried, never reported.
        static func isRetryable(code: String?) -> Bool {
            code == "40001" || code == "40P01"
        }
    }
#endif
