#if Postgres
    import FitCore
    import PostgresNIO

    /// An error of postgres-nio's, from either of the APIs FitPostgres uses (`PSQLError`, or `PostgresError` from a
    /// prepared function call, see ``PreparedStatements``), read once: FitKit's error for it, and whether the request
    /// may simply run again (a serialization failure or deadlock).
    struct ServerFailure: Error {
        let error: DatabaseError
        let isRetryable: Bool

        /// `nil` for an error that is not postgres-nio's (one the request threw itself).
        init?(_ error: any Error) {
            switch error {
            case let error as PSQLError:
                self.error = DatabaseError(error)
                isRetryable = DatabaseError.isRetryable(code: error.serverInfo?[.sqlState])
            case let error as PostgresError:
                self.error = DatabaseError(error)
                guard case .server(let answer) = error else {
                    isRetryable = false
                    return
                }
                isRetryable = DatabaseError.isRetryable(code: answer.fields[.sqlState])
            default:
                return nil
            }
        }
    }
#endif
