#if Postgres
    import FitCore
    import PostgresNIO

    /// Keeps requests from waiting in postgres-nio's pool for a server that cannot be reached.
    ///
    /// postgres-nio's pool (1.33) keeps a request for a connection waiting while it cannot make one, retrying on its
    /// own backoff, and fails it only when its circuit breaker trips, 60 s after the first failed attempt (which
    /// `PostgresClient` does not let one configure); from then on it refuses every request at once until one of its
    /// retries, up to a minute apart, connects again. A caller that works offline (FitOffline) needs to know at once
    /// that the server is gone, and to be served as soon as it is back. So:
    ///
    /// - while reachability is in doubt (from the start, and after any pooled connection closed or a request lost its
    ///   connection), a request first opens a connection of its own, one at a time for every request waiting: if that
    ///   fails, the request fails with `08006` at once and the pool is not asked (so it does not start failing); if it
    ///   succeeds, the doubt is gone and the pool is asked as usual;
    /// - a request that asked the pool before the doubt came (a connection closing just then, so that the pool has to
    ///   make a new one) is given up when that check fails: its wait for a connection is cancelled and it fails with
    ///   `08006` too. A request the pool already handed a connection is never given up.
    ///
    /// What it does not see: a network that drops silently, with no connection closing (the pool's own connection
    /// attempts are not watched).
    final class ServerReachability: Sendable {
        /// Why a request failed before it had a connection: the server could not be reached.
        struct Unreachable: Error {
            let error: DatabaseError
        }

        private struct Waiting {
            /// The pool has handed the request a connection.
            var leased = false
            var givenUp = false
            var cancel: (@Sendable () -> Void)?
        }

        private struct State {
            /// How many times reachability came in doubt.
            var doubts = 0
            /// The value of `doubts` a successful check last saw, if any.
            var confirmed: Int?
            /// The check running now, for the doubt it answers.
            var check: (doubt: Int, task: Task<(any Error)?, Never>)?
            /// The requests waiting for the pool, by number.
            var waiting: [Int: Waiting] = [:]
            var nextRequest = 0
        }

        private let state = LockedState(State())
        private let connect: @Sendable () async throws -> Void

        /// - Parameter connect: Opens and closes a connection to the server outside the pool; throws when it cannot.
        init(connect: @escaping @Sendable () async throws -> Void) {
            self.connect = connect
        }

        /// A pooled connection closed or a request lost its connection: the next request checks first, and the
        /// requests waiting for the pool now are given up if the check fails.
        func doubt() {
            let watch = state.withLock { state in
                state.doubts += 1
                return state.waiting.values.contains { !$0.leased && !$0.givenUp }
            }
            if watch { watchWaitingRequests() }
        }

        /// Runs `lease`, which asks the pool for a connection and calls `leased` first thing with it, once the server
        /// is known to be reachable; gives it up if the server is found unreachable while it waits for the connection.
        ///
        /// - Throws: ``Unreachable`` when the server cannot be reached; otherwise what `lease` throws.
        func leasing<Result: Sendable>(
            _ lease: @escaping @Sendable (_ leased: @escaping @Sendable () throws -> Void) async throws -> Result
        ) async throws -> Result {
            let checked = try await check()
            let (request, watch) = state.withLock { state in
                let request = state.nextRequest
                state.nextRequest += 1
                state.waiting[request] = Waiting()
                // A doubt that came since the check did not see this request.
                return (request, state.doubts != checked)
            }
            let leased: @Sendable () throws -> Void = { [state] in
                let givenUp = state.withLock { state in
                    if state.waiting[request]?.givenUp == true { return true }
                    state.waiting[request]?.leased = true
                    return false
                }
                if givenUp { throw CancellationError() }
            }
            let task = Task { try await lease(leased) }
            let cancelAtOnce = state.withLock { state in
                state.waiting[request]?.cancel = { task.cancel() }
                return state.waiting[request]?.givenUp ?? false
            }
            if cancelAtOnce { task.cancel() }
            if watch { watchWaitingRequests() }
            let result = await withTaskCancellationHandler {
                await task.result
            } onCancel: {
                task.cancel()
            }
            let givenUp = state.withLock { $0.waiting.removeValue(forKey: request)?.givenUp ?? false }
            if givenUp { throw Unreachable(error: Self.unreachable("while the request waited for a connection")) }
            return try result.get()
        }

        /// Returns at once unless reachability is in doubt; then returns once a connection of its own could be made
        /// (joining the check already running).
        ///
        /// - Returns: The doubt count the check answered.
        /// - Throws: ``Unreachable`` when the connection could not be made.
        @discardableResult
        func check() async throws -> Int {
            while true {
                let (doubt, running): (Int, Task<(any Error)?, Never>?) = state.withLock { state in
                    if state.confirmed == state.doubts { return (state.doubts, nil) }
                    if let check = state.check, check.doubt == state.doubts { return (check.doubt, check.task) }
                    let task = Task { [connect] () -> (any Error)? in
                        do {
                            try await connect()
                            return nil
                        } catch {
                            return error
                        }
                    }
                    state.check = (state.doubts, task)
                    return (state.doubts, task)
                }
                guard let running else { return doubt }
                let failure = await running.value
                let confirmed = state.withLock { state in
                    if state.check?.task == running { state.check = nil }
                    guard failure == nil, state.doubts == doubt else { return false }
                    state.confirmed = doubt
                    return true
                }
                try Task.checkCancellation()
                if let failure { throw Unreachable(error: Self.unreachable(Self.describe(failure))) }
                // A connection closed while the check ran: check again.
                if confirmed { return doubt }
            }
        }

        /// Checks reachability for the requests waiting for the pool, and gives them up if the server cannot be
        /// reached. Runs on its own task: it is started from a connection's close handler.
        private func watchWaitingRequests() {
            Task {
                guard (try? await check()) == nil else { return }
                let cancels = state.withLock { state in
                    var cancels: [@Sendable () -> Void] = []
                    for (request, waiting) in state.waiting where !waiting.leased && !waiting.givenUp {
                        state.waiting[request]?.givenUp = true
                        if let cancel = waiting.cancel { cancels.append(cancel) }
                    }
                    return cancels
                }
                for cancel in cancels { cancel() }
            }
        }

        private static func unreachable(_ reason: String) -> DatabaseError {
            DatabaseError.connectionFailure("the server cannot be reached (\(reason))")
        }

        private static func describe(_ error: any Error) -> String {
            if let error = error as? PSQLError { return "\(error.code)" }
            return "\(error)"
        }

        /// Opens a connection with `configuration` on postgres-nio's default event loop group (the pool's), and closes
        /// it.
        static func connecting(with configuration: PostgresConnection.Configuration)
            -> @Sendable () async throws -> Void
        {
            let logger = Logger(label: "fitkit.postgres")
            return {
                let connection = try await PostgresConnection.connect(
                    on: PostgresClient.defaultEventLoopGroup.any(), configuration: configuration, id: -1, logger: logger
                ).get()
                try? await connection.close()
            }
        }
    }
#endif
