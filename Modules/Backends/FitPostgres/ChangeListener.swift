#if Postgres
    import FitCore
    import Foundation
    import PostgresNIO

    /// The one connection a backend listens on (`LISTEN fitkit_changes`) while anyone follows changes, shared by
    /// every subscription of every role.
    ///
    /// The first subscriber starts it: a connection is leased from the pool for as long as anyone listens, and
    /// handed back (after `UNLISTEN`) when the last subscriber leaves. Each subscriber gets every notification, in
    /// the order the server sent them (commit order), through its own unbounded buffer, so a slow subscriber
    /// delays no one else.
    ///
    /// When the connection drops (the server restarted, or terminated it), the listener leases another one after a
    /// short backoff (``retryDelays``) and listens again; every subscriber then hears ``Event/listening`` once more,
    /// because whatever was committed meanwhile was never sent to anyone. After ``retryDelays``' count of failed
    /// attempts in a row, or at once when the pool cannot give a connection (it was shut down, or gave up
    /// connecting by itself), every subscriber hears ``Event/failed(_:)`` and the listener stops.
    final class ChangeListener: Sendable {
        /// What a subscriber hears.
        enum Event: Sendable {
            /// The server listens for the subscriber from now on (first time, or again after a dropped connection):
            /// changes committed before may not have been heard.
            case listening
            /// A notification, in the order the server sent it.
            case notification(ChangeNotification)
            /// The listener gave up reconnecting: the last error (a ``DatabaseError``).
            case failed(DatabaseError)
        }

        private struct State: Sendable {
            var subscribers: [Int: AsyncStream<Event>.Continuation] = [:]
            var nextSubscriber = 0
            /// Whether the server confirmed the `LISTEN` on the current connection.
            var isListening = false
            /// The task that holds the connection, while anyone subscribes.
            var task: Task<Void, Never>?
            /// Tells a stopped task's last words apart from a newer one's.
            var generation = 0
        }

        /// The waits before the attempts to listen again after a failure; their count is how many attempts in a row
        /// may fail before subscribers are told. About ten seconds in all, so a restarting server is waited for.
        static let retryDelays: [Duration] = [
            .milliseconds(50), .milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800),
            .seconds(1.6), .seconds(2), .seconds(2), .seconds(2), .seconds(2),
        ]

        private let client: PostgresClient
        private let logger: Logger
        private let state = LockedState(State())

        init(client: PostgresClient, logger: Logger) {
            self.client = client
            self.logger = logger
        }

        /// How many subscribers listen now.
        var subscriberCount: Int { state.withLock { $0.subscribers.count } }

        /// Subscribes to every notification from now on, starting to listen if nobody did. The subscription ends
        /// with ``unsubscribe(_:)``, or when its events are no longer iterated (their task cancelled) or dropped.
        func subscribe() -> (id: Int, events: AsyncStream<Event>) {
            let (events, continuation) = AsyncStream.makeStream(of: Event.self)
            let id = state.withLock { state -> Int in
                let id = state.nextSubscriber
                state.nextSubscriber += 1
                state.subscribers[id] = continuation
                if state.task == nil {
                    let generation = state.generation
                    state.task = Task { await self.listen(generation: generation) }
                } else if state.isListening {
                    continuation.yield(.listening)
                }
                return id
            }
            continuation.onTermination = { _ in self.unsubscribe(id) }
            return (id, events)
        }

        /// Ends subscription `id` (again: nothing happens); the last one to leave stops listening and hands the
        /// connection back to the pool.
        func unsubscribe(_ id: Int) {
            state.withLock { state in
                guard state.subscribers.removeValue(forKey: id) != nil, state.subscribers.isEmpty else { return }
                state.task?.cancel()
                state.task = nil
                state.isListening = false
                state.generation += 1
            }
        }

        /// Listens until cancelled, listening again after every dropped connection.
        private func listen(generation: Int) async {
            var failures = 0
            while !Task.isCancelled {
                var lastError: (any Error)?
                do {
                    try await client.withConnection { connection in
                        try await connection.listen(on: ChangeNotification.channel) { notifications in
                            self.broadcast(.listening, generation: generation)
                            for try await notification in notifications {
                                guard let change = ChangeNotification(payload: notification.payload) else {
                                    self.logger.debug("ignoring a notification that is not FitKit's")
                                    continue
                                }
                                self.broadcast(.notification(change), generation: generation)
                            }
                        }
                    }
                } catch {
                    lastError = error
                }
                if Task.isCancelled { return }
                // The connection dropped (or never came): after a drop the first retry comes quickly.
                failures = stopListening(generation: generation) ? 1 : failures + 1
                logger.debug(
                    "change feed connection lost",
                    metadata: ["attempt": "\(failures)", "error": "\(lastError.map { "\($0)" } ?? "none")"])
                // A failed connection (a PSQLError) is worth another try; the pool's own errors are not: it was shut
                // down, or gave up connecting after retrying by itself.
                guard failures <= Self.retryDelays.count, lastError == nil || lastError is PSQLError else {
                    fail(Self.databaseError(lastError), generation: generation)
                    return
                }
                do {
                    try await Task.sleep(for: Self.retryDelays[failures - 1])
                } catch {
                    return
                }
            }
        }

        /// Hands `event` to every subscriber, unless a newer listener has taken over.
        private func broadcast(_ event: Event, generation: Int) {
            state.withLock { state in
                guard state.generation == generation else { return }
                if case .listening = event { state.isListening = true }
                for subscriber in state.subscribers.values { subscriber.yield(event) }
            }
        }

        /// Marks the connection as gone; returns whether it was listening.
        private func stopListening(generation: Int) -> Bool {
            state.withLock { state in
                guard state.generation == generation else { return false }
                defer { state.isListening = false }
                return state.isListening
            }
        }

        /// Tells every subscriber the listener gave up, and forgets them: the next subscriber starts afresh.
        private func fail(_ error: DatabaseError, generation: Int) {
            let subscribers = state.withLock { state -> [AsyncStream<Event>.Continuation] in
                guard state.generation == generation else { return [] }
                let subscribers = Array(state.subscribers.values)
                state.subscribers = [:]
                state.task = nil
                state.isListening = false
                state.generation += 1
                return subscribers
            }
            for subscriber in subscribers {
                subscriber.yield(.failed(error))
                subscriber.finish()
            }
        }

        /// The error subscribers are told about, mapped as every other request's.
        private static func databaseError(_ error: (any Error)?) -> DatabaseError {
            switch error {
            case let error as DatabaseError: error
            case let error as PSQLError: DatabaseError(error)
            case let error?: .connectionFailure("\(error)")
            case nil: .connectionFailure("the change feed connection ended")
            }
        }
    }
#endif
