import FitCore
import Observation

extension StoreStorage {
    /// Follows `feeds` until the calling task is cancelled: the shared `follow()` of every FitKit store.
    ///
    /// It subscribes first and then runs `reload` once, so nothing committed between an earlier load and now is
    /// missed; after that every change (and every ``/FitCore/DatabaseChange/missedChanges(table:)``) runs `reload` again.
    /// Changes that arrive while a reload runs are coalesced into one more reload, so a burst costs at most two.
    /// Reloads follow the ``LoadState`` rules (a follower's reload is a refetch; cancellation is not an error).
    /// A feed that fails (a backend that cannot follow changes) exposes its error in the ``LoadState`` at `load`
    /// and ends following; cancelling the task ends it quietly.
    ///
    /// - Parameters:
    ///   - subject: The store that owns this storage.
    ///   - keyPath: The store's observable `state` property.
    ///   - load: The ``LoadState`` the reloads update and a failed feed's error is shown in.
    ///   - feeds: The change feeds to follow, e.g. `queries.followEvents()`; following ends when the first of them ends
    ///     or fails.
    ///   - reload: Reloads the data, normally through ``load(_:_:_:operation:)``.
    public func follow<Subject: Observable & Sendable, Value: Sendable>(
        _ subject: Subject,
        _ keyPath: KeyPath<Subject, State> & Sendable,
        _ load: WritableKeyPath<State, LoadState<Value>> & Sendable,
        changes feeds: [AsyncThrowingStream<DatabaseChange, any Error>],
        reload: @escaping @Sendable () async -> Void
    ) async {
        let (kicks, kicker) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        kicker.yield()
        let failure = await withTaskGroup(of: (any Error)?.self) { group in
            for feed in feeds {
                group.addTask {
                    defer { kicker.finish() }
                    do {
                        for try await _ in feed { kicker.yield() }
                        return nil
                    } catch {
                        return error is CancellationError || Task.isCancelled ? nil : error
                    }
                }
            }
            group.addTask {
                for await _ in kicks {
                    guard !Task.isCancelled else { break }
                    await reload()
                }
                return nil
            }
            // The first child to end (a feed that ended or failed, or cancellation) ends following.
            let first = await group.next() ?? nil
            group.cancelAll()
            var failure = first
            for await other in group where failure == nil { failure = other }
            return failure
        }
        if let failure { write(subject, keyPath) { $0[keyPath: load].setError(failure) } }
    }
}
