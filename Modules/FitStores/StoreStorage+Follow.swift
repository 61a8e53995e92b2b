import FitCore
import Observation

extension StoreStorage {
    /// Follows `feeds` until the calling task is cancelled: the shared `follow()` of every FitKit store.
    ///
    /// It subscribes first and then runs `reload` once, so nothing committed between an earlier load and now is
    /// missed; after that every change (and every ``/FitCore/DatabaseChange/missedChanges(table:)``) runs `reload` again.
    /// Changes that arrive while a reload runs are coalesced into one more reload. A single change reloads at once;
    /// when several arrived since the previous reload started (a burst), the next one waits as `pacing` says (by
    /// default until half a second after the previous one started), so a burst costs about one reload per interval
    /// however many changes it brings.
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
    ///   - pacing: How far apart reloads start while changes keep coming; ``ReloadPacing/standard`` by default.
    ///   - reload: Reloads the data, normally through ``load(_:_:_:operation:)``.
    public func follow<Subject: Observable & Sendable, Value: Sendable>(
        _ subject: Subject,
        _ keyPath: KeyPath<Subject, State> & Sendable,
        _ load: WritableKeyPath<State, LoadState<Value>> & Sendable,
        changes feeds: [AsyncThrowingStream<DatabaseChange, any Error>],
        pacing: ReloadPacing = .standard,
        reload: @escaping @Sendable () async -> Void
    ) async {
        let (kicks, kicker) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let arrived = LockedState(0)
        kicker.yield()
        let failure = await withTaskGroup(of: (any Error)?.self) { group in
            for feed in feeds {
                group.addTask {
                    defer { kicker.finish() }
                    do {
                        for try await _ in feed {
                            arrived.withLock { $0 += 1 }
                            kicker.yield()
                        }
                        return nil
                    } catch {
                        return error is CancellationError || Task.isCancelled ? nil : error
                    }
                }
            }
            group.addTask {
                await Self.reload(on: kicks, arrived, interval: pacing.interval, clock: pacing.clock, reload)
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

    /// Runs `reload` for each kick that brings changes the previous reload did not cover; when more than one change
    /// arrived since the previous reload started (a burst, not a write that waited for the last reload), not before
    /// `interval` after that start.
    private static func reload<C: Clock<Duration>>(
        on kicks: AsyncStream<Void>, _ arrived: LockedState<Int>, interval: Duration, clock: C,
        _ reload: @Sendable () async -> Void
    ) async {
        var covered = -1
        var previousStart: C.Instant?
        for await _ in kicks {
            guard !Task.isCancelled else { return }
            // Changes that came during a wait below were covered by the reload that followed it.
            let pending = arrived.value - covered
            if pending == 0 { continue }
            if pending > 1, interval > .zero, let previousStart {
                do { try await clock.sleep(until: previousStart.advanced(by: interval), tolerance: nil) } catch {
                    return
                }
            }
            covered = arrived.value
            previousStart = clock.now
            await reload()
        }
    }
}
