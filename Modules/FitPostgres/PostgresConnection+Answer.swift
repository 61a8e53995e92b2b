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
            try await answer(query, logger: logger, then: { $0 }).get()
        }

        /// Runs `query` as ``answer(_:logger:)`` does, and also says whether the connection was still open once its
        /// event loop had handled everything that arrived with the answer.
        ///
        /// In the extended protocol the server sends a statement's rows and `CommandComplete` before it commits the
        /// statement's own transaction (at `Sync`), and postgres-nio completes the query at `CommandComplete`. A
        /// session ended between the two (a shutdown, `pg_terminate_backend`) flushes the rows together with its fatal
        /// error and rolls the transaction back; a session ended just after the commit can deliver its
        /// `ReadyForQuery` and the fatal error together as well. Both arrive in one read, so once the event loop has
        /// finished that read a closed connection means the commit is in doubt, and an open one that it happened.
        /// The look is a task the event loop runs after that read, queued when the answer completes, so the caller
        /// is woken once, with both.
        ///
        /// - Parameters:
        ///   - query: The statement, its values bound as parameters.
        ///   - logger: Where postgres-nio logs the query.
        /// - Returns: The rows and the command tag's metadata, and `outlived`: `false` when the connection closed, so
        ///   the caller must ask the server whether the transaction committed (see
        ///   ``PostgresBackend/settle(transaction:)``).
        /// - Throws: As ``answer(_:logger:)``.
        func answerNotingClose(_ query: PostgresQuery, logger: Logger) async throws -> (
            result: PostgresQueryResult, outlived: Bool
        ) {
            try await answer(
                query, logger: logger,
                then: { answered in
                    answered.flatMap { result in
                        // Queued behind the read being handled now (or, when the answer came first, behind the task
                        // that runs this callback): runs once that read is done.
                        answered.eventLoop.submit { (result, !self.isClosed) }
                    }
                }
            ).get()
        }

        /// Sends `query`, races its answer against the connection's close, and returns `then` applied to the answer's
        /// future (which completes on the connection's event loop).
        private func answer<Value: Sendable>(
            _ query: PostgresQuery, logger: Logger,
            then: (EventLoopFuture<PostgresQueryResult>) -> EventLoopFuture<Value>
        ) -> EventLoopFuture<Value> {
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
            let result = then(answer.futureResult)
            result.whenComplete { _ in
                awaitedAnswers.withLock { awaited in
                    if let waiting = awaited[key], waiting == answer { awaited[key] = .some(nil) }
                }
            }
            return result
        }
    }
#endif
