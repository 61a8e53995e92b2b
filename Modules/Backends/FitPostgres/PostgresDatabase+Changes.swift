#if Postgres
    import FitCore
    import Foundation

    extension PostgresDatabase {
        /// The committed changes to `table` (a table, or a view with a ``/FitCore/ViewFeed``) that this database's role may
        /// see, in commit order, until the consuming task is cancelled; narrowed by `filter` when given.
        ///
        /// The triggers of `Backend/migrations/0006_change_feed.sql` notify with a row's key, never its content.
        /// The backend listens for them on one dedicated connection leased from the pool (shared by every
        /// subscription of every role, handed back when the last one ends: size the pool for it, a pool of one
        /// connection cannot listen and read back at once), and each subscription reads the row back as its role,
        /// with its filter — an ordinary query, so row-level security applies exactly as for reads:
        /// - an insert or update arrives with the row as the role sees it now; a row the role may not see, or that
        ///   the filter excludes, arrives not at all (nor does an update after which the row no longer matches the
        ///   filter: a filter on columns that change is for narrowing, not for leaving);
        /// - a delete arrives with the key only, and only where the role may know it: on shared tables, to the
        ///   service role, and to the member who owned the row — never another member's key;
        /// - a view (keyed by its feed's key) changes when a row of a table its ``/FitCore/ViewFeed`` names does:
        ///   the view row of a ``/FitCore/ViewFeed/Source/Effect/sameRow`` source is inserted, updated or deleted with
        ///   it; any other source's change is an update of the view rows it names;
        /// - a truncated table arrives as `DatabaseChange.missedChanges(table:)`.
        ///
        /// The first element is `DatabaseChange.missedChanges(table:)`, as soon as the server listens for this
        /// subscription: a change committed before that cannot be delivered, so a follower that loaded earlier
        /// reloads once (a test waits for it before writing). When the listening connection drops, the backend
        /// listens again after a short backoff and yields `DatabaseChange.missedChanges(table:)` again, so
        /// followers reload instead of going quietly stale; if it cannot listen again within about ten seconds, or
        /// the pool was shut down, the sequence finishes with the connection's `DatabaseError` (`08006` when the
        /// server gave no answer).
        ///
        /// The sequence finishes at once with the `DatabaseError` a read would give for an unknown table or
        /// column, or `55000` for a relation without a change feed (migration `0006_change_feed.sql` not applied,
        /// or a view without a feed); and with any error a read-back gives, except a lost
        /// connection, which is another `DatabaseChange.missedChanges(table:)`.
        ///
        /// - Parameters:
        ///   - table: the table or view to follow.
        ///   - filter: the rows to follow (`.condition(column: "session_id", operator: .eq, value: …)`), or all.
        /// - Returns: The stream of changes: first `DatabaseChange.missedChanges(table:)`, then each change as
        ///   described above, until the consuming task is cancelled or the sequence finishes with an error.
        public func changes(to table: String, where filter: Filter?) -> AsyncThrowingStream<DatabaseChange, any Error> {
            let (changes, continuation) = AsyncThrowingStream.makeStream(of: DatabaseChange.self)
            // Listening starts now, so the server listens as early as possible; the events wait in the buffer.
            let listener = backend.changeListener
            let (id, events) = listener.subscribe()
            let task = Task {
                do {
                    try await follow(table, where: filter, events: events, into: continuation)
                    continuation.finish()
                } catch is CancellationError {
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            // Leaving is immediate: cancelling the consuming task unsubscribes before the cancellation returns.
            continuation.onTermination = { _ in
                listener.unsubscribe(id)
                task.cancel()
            }
            return changes
        }

        /// How many change subscriptions (``changes(to:where:)``) of this database's pool, of every role, are open
        /// now: one less as soon as a consuming task is cancelled.
        public var changeFollowerCount: Int { backend.changeListener.subscriberCount }

        private func follow(
            _ table: String, where filter: Filter?, events: AsyncStream<ChangeListener.Event>,
            into continuation: AsyncThrowingStream<DatabaseChange, any Error>.Continuation
        ) async throws {
            let subscription = try await ChangeSubscription(database: self, table: table, filter: filter)
            for await event in events {
                switch event {
                case .listening:
                    continuation.yield(.missedChanges(table: table))
                case .notification(let notification):
                    do {
                        for change in try await subscription.changes(for: notification) { continuation.yield(change) }
                    } catch let error as DatabaseError where Self.isConnectionLoss(error) {
                        // The read-back failed on the way, not on the row: what it would have said may be missing.
                        continuation.yield(.missedChanges(table: table))
                    }
                case .failed(let error):
                    throw error
                }
            }
            try Task.checkCancellation()
        }

        /// A connection that failed or was closed by the server (`08…`, `57P…`), as opposed to an error about the
        /// query itself.
        private static func isConnectionLoss(_ error: DatabaseError) -> Bool {
            error.code.hasPrefix("08") || error.code.hasPrefix("57P")
        }
    }
#endif
