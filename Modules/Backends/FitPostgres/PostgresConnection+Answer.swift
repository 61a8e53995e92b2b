#if Postgres
    import FitCore
    import PostgresNIO

    /// The answer each open connection is waiting for (`nil` between requests), keyed by the connection; a
    /// connection's entry goes when it closes.
    private let awaitedAnswers = LockedState<[ObjectIdentifier: AwaitedAnswer?]>([:])

    /// How to fail the answer a connection is waiting for.
    private final class AwaitedAnswer: Sendable {
        let fail: @Sendable (any Error) -> Void

        init(fail: @escaping @Sendable (any Error) -> Void) {
            self.fail = fail
        }
    }

    extension PostgresConnection {
        /// Runs `query` and collects its rows, or fails with `08006` when the connection closes before the answer.
        ///
        /// postgres-nio (1.33) hands a query to a connection whose channel has just closed without ever completing
        /// it, so after a server restart some requests wait forever. Racing the answer against the connection's
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
            try await answer(sending: { self.query(query, logger: logger) }, then: { $0 })
        }

        /// Runs `statement` (prepared on this connection by `statements`, which prepares it on first use, when they
        /// are given and have room), and says whether the connection was still open once its event loop had handled everything
        /// that arrived with the answer.
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
        ///   - statement: The statement and its parameters.
        ///   - statements: The statements prepared on each connection; `nil` runs `statement` unprepared.
        ///   - logger: Where postgres-nio logs the query.
        /// - Returns: The rows, and `outlived`: `false` when the connection closed, so the caller must ask the server
        ///   whether the transaction committed (see ``PostgresBackend/settle(transaction:)``).
        /// - Throws: A ``/FitCore/DatabaseError`` for the server's refusal (see ``PreparedStatements``), `PSQLError`
        ///   for a failed connection, or `08006` when the connection closed first.
        func answerNotingClose(
            _ statement: SQLStatement, preparedIn statements: PreparedStatements?, logger: Logger
        ) async throws -> (rows: [PostgresRow], outlived: Bool) {
            let noteClose:
                @Sendable (EventLoopFuture<[PostgresRow]>) -> EventLoopFuture<(rows: [PostgresRow], outlived: Bool)> = {
                    answered in
                    answered.flatMap { rows in
                        // The answer completes while the event loop handles the read that carried it; this task is
                        // queued behind that read, so it runs once the read is done.
                        answered.eventLoop.submit { (rows, !self.isClosed) }
                    }
                }
            do {
                let prepared = try await statements?.statement(statement.sql, on: self) { sql in
                    try await self.answer(sending: { self.prepare(query: sql) }, then: { $0 })
                }
                guard let prepared else {
                    let query = statement.query
                    return try await answer(
                        sending: { self.query(query, logger: logger).map(\.rows) }, then: noteClose
                    )
                }
                let bindings = statement.preparedBindings
                return try await answer(sending: { prepared.execute(bindings) }, then: noteClose)
            } catch let error as PostgresError {
                throw error
            } catch let error as PSQLError {
                throw error
            } catch let error as DatabaseError {
                throw error
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                // postgres-nio's prepared-query API passes some connection failures on as NIO's own errors.
                throw PostgresError.protocol("\(error)")
            }
        }

        /// Sends what `send` sends, races its answer against the connection's close, and returns what `then` makes
        /// of the answer's future.
        ///
        /// Everything happens on the connection's event loop, in one task handed to it: NIO runs a callback added from
        /// another thread by waking the event loop, so adding the race, `then`'s steps and the caller's resumption
        /// from here would cost a wake-up each. The caller is woken once, with the result.
        private func answer<Answer: Sendable, Value: Sendable>(
            sending send: @escaping @Sendable () -> EventLoopFuture<Answer>,
            then: @escaping @Sendable (EventLoopFuture<Answer>) -> EventLoopFuture<Value>
        ) async throws -> Value {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                eventLoop.execute {
                    let key = ObjectIdentifier(self)
                    let answer = self.eventLoop.makePromise(of: Answer.self)
                    let awaited = AwaitedAnswer { answer.fail($0) }
                    // One close watcher per connection, not one per query: a pooled connection answers millions.
                    let watched = awaitedAnswers.withLock { answers in
                        defer { answers[key] = awaited }
                        return answers.keys.contains(key)
                    }
                    if !watched {
                        self.closeFuture.whenComplete { _ in
                            let waiting = awaitedAnswers.withLock { $0.removeValue(forKey: key) } ?? nil
                            waiting?.fail(
                                DatabaseError.connectionFailure("the connection closed before the server answered"))
                        }
                    }
                    send().cascade(to: answer)
                    then(answer.futureResult).whenComplete { result in
                        awaitedAnswers.withLock { answers in
                            if let waiting = answers[key] ?? nil, waiting === awaited { answers[key] = .some(nil) }
                        }
                        continuation.resume(with: result)
                    }
                }
            }
        }
    }
#endif
