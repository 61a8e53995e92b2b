#if Postgres
    import FitCore
    import PostgresNIO

    /// postgres-nio's pool, with the connections that close while requests wait for one replaced.
    ///
    /// postgres-nio's pool (1.33) opens a connection when a request asks for one and none is free, and when a
    /// connection closes it opens another only to keep its minimum (none, unless the pool is
    /// ``PostgresPoolMode/allOpen``). So when every connection closes at once while requests queue for them — a
    /// server restart, `pg_terminate_backend` on every session — the queued requests wait until some later request
    /// asks the pool for a connection, and if none does, they wait forever.
    ///
    /// This counts the requests waiting for a connection and watches each pooled connection's close once; when one
    /// closes while requests wait, it asks the pool for a connection itself (and hands it straight back), which makes
    /// the pool open a new one. Each new connection the pool opens for a queued request opens one more while the
    /// queue is longer than the connections, so the pool grows back to what the queue needs.
    final class RefillingPool: Sendable {
        let client: PostgresClient
        private let state = LockedState(State())
        /// Called after a pooled connection closed (``ServerReachability/doubt()``, say).
        private let connectionClosed: @Sendable () -> Void

        private struct State {
            /// Requests that asked the pool and have not been handed a connection yet.
            var waiting = 0
            var watched: Set<PostgresConnection.ID> = []
        }

        /// - Parameters:
        ///   - client: The pool.
        ///   - connectionClosed: Called on the connection's event loop each time a pooled connection closes.
        init(client: PostgresClient, connectionClosed: @escaping @Sendable () -> Void = {}) {
            self.client = client
            self.connectionClosed = connectionClosed
        }

        /// How many requests wait for a connection now (tests read it).
        var waiting: Int { state.withLock { $0.waiting } }

        /// Leases a connection for `body`, as `PostgresClient.withConnection` does.
        func withConnection<Result: Sendable>(_ body: (PostgresConnection) async throws -> Result) async throws
            -> Result
        {
            state.withLock { $0.waiting += 1 }
            var handed = false
            defer {
                if !handed { state.withLock { $0.waiting -= 1 } }
            }
            return try await client.withConnection { connection in
                handed = true
                let id = connection.id
                let isNew = state.withLock { state in
                    state.waiting -= 1
                    return state.watched.insert(id).inserted
                }
                if isNew { watchClose(of: connection) }
                return try await body(connection)
            }
        }

        private func watchClose(of connection: PostgresConnection) {
            let id = connection.id
            connection.closeFuture.whenComplete { [state, client, connectionClosed] _ in
                let refill = state.withLock { state in
                    state.watched.remove(id)
                    return state.waiting > 0
                }
                connectionClosed()
                // The pool handled this close before (it watches the connection from its start, and a future runs
                // its callbacks in the order they were added), so this request is the one that makes it connect.
                // When the pool has shut down it is refused at once.
                if refill { Task { try? await client.withConnection { _ in } } }
            }
        }
    }
#endif
