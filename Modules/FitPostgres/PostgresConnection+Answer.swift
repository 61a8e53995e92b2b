#if Postgres
    import FitCore
    import PostgresNIO

    /// The answer each open connection is waiting for (`nil` between queries), keyed by the connection; a connection's
    /// entry goes when it closes.
    private let awaitedAnswers = LockedState<[ObjectIdentifier: EventLoopPromise<PostgresQueryResult>?]>([:])

    extension PostgresConnection {
        /// Runs `query` and collects its rows, or fails with `08006` when the connection closes before the answer.
        ///
        /// postgres-nio (1.33) hands a query to a connection whose channel has just closed without ever completing
        /// it: after a server restart some requests would wait forever. Racing the answer against the connection's
        /// close turns that into the typed connection error every other lost connection gives. The answer wins
        /// when it came first: both complete on the connection's event loop, in order, and a promise keeps its first
        /// result.
        ///
        /// - Parameters:
        ///   - query: The statement, its values bound as parameters.
        ///   - logger: Where postgres-nio logs the query.
        /// - Returns: The rows and the command tag's metadata.
        /// - Throws: postgres-nio's `PSQLError` for the server's refusal or a failed connection, or
        ///   ``/FitCore/DatabaseError`` `08006` when the connection closed first.
        func answer(_ query: PostgresQuery, logger: Logger) async throws -> PostgresQueryResult {
            let key = ObjectIdentifier(self)
            let answer = eventLoop.makePromise(of: PostgresQueryResult.self)
            // One close watcher per connection, not one per query: a pooled connection answers millions.
            let watched = awaitedAnswers.withLock { awaited in
                defer { awaited[key] = answer }
                return awaited.keys.contains(key)
            }
            if !watched {
                closeFuture.whenComplete { _ in
                    let waiting = awaitedAnswers.withLock { $0.removeValue(forKey: key) } ?? nil
                    waiting?.fail(DatabaseError.connectionFailure("the connection closed before the server answered"))
                }
            }
            self.query(query, logger: logger).cascade(to: answer)
            defer {
                awaitedAnswers.withLock { awaited in
                    if let waiting = awaited[key], waiting == answer { awaited[key] = .some(nil) }
                }
            }
            return try await answer.futureResult.get()
        }

        /// Whether the connection is still open once its event loop has handled everything that arrived with the
        /// last answer.
        ///
        /// In the extended protocol the server sends a statement's rows and `CommandComplete` before it commits the
        /// statement's own transaction (at `Sync`), and postgres-nio completes the query at `CommandComplete`. A
        /// session ended between the two (a shutdown, `pg_terminate_backend`) flushes the rows together with its fatal
        /// error and rolls the transaction back; a session ended just after the commit can deliver its
        /// `ReadyForQuery` and the fatal error together as well. Both arrive in one read, so once the event loop has
        /// finished that read a closed connection means the commit is in doubt, and an open one that it happened.
        ///
        /// - Returns: `false` when the connection closed: the caller must ask the server whether the transaction
        ///   committed (see ``PostgresBackend/settle(transaction:)``).
        /// - Throws: When the event loop has shut down.
        func outlivedAnswer() async throws -> Bool {
            try await eventLoop.submit {}.get()
            return !isClosed
        }
    }
#endif
