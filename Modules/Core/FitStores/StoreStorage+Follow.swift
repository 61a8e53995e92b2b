import FitCore
import Observation

extension StoreStorage {
    /// Follows `feeds` until the calling task is cancelled: the shared `follow()` of every FitKit store.
    ///
    /// It subscribes first and then runs `reload` once, so nothing committed between an earlier load and now is
    /// missed; after that every change (and every ``/FitCore/DatabaseChange/missedChanges(table:)``) runs `reload` again.
    /// Changes that arrive while a reload runs are coalesced into one more reload. A change reloads at once (also
    /// the two changes of one write, such as a booking's); when several arrived since the previous reload started and
    /// some of them while it ran (a burst), the next one waits as `pacing` says (by default until a second after the
    /// previous one started), so a burst costs about one reload a second however many changes it brings.
    /// Reloads follow the ``LoadState`` rules (a follower's reload is a refetch; cancellation is not an error).
    /// A feed that fails (a backend that cannot follow changes) exposes its error in the ``LoadState`` at `load`
    /// and ends following; cancelling the task ends it quietly.
    ///
    /// - Parameters:
    ///   - subject: The store that owns this storage.
    ///   - load: The ``LoadState`` the reloads update and a failed feed's error is shown in.
    ///   - feeds: The change feeds to follow, e.g. `queries.followEvents()`; following ends when the first of them ends
    ///     or fails.
    ///   - pacing: How far apart reloads start while changes keep coming; ``ReloadPacing/standard`` by default.
    ///   - reload: Reloads the data, normally through ``load(_:_:operation:)``.
    public func follow<Subject: LoadingStore, Value: Sendable>(
        _ subject: Subject,
        _ load: WritableKeyPath<State, LoadState<Value>> & Sendable,
        changes feeds: [AsyncThrowingStream<DatabaseChange, any Error>],
        pacing: ReloadPacing = .standard,
        reload: @escaping @Sendable () async -> Void
    ) async where Subject.State == State {
        let (kicks, kicker) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let activity = LockedState(FollowActivity())
        kicker.yield()
        let failure = await withTaskGroup(of: (any Error)?.self) { group in
            for feed in feeds {
                group.addTask {
                    defer { kicker.finish() }
                    do {
                        for try await _ in feed {
                            activity.withLock { $0.changeArrived() }
                            kicker.yield()
                        }
                        return nil
                    } catch {
                        return error is CancellationError || Task.isCancelled ? nil : error
                    }
                }
            }
            group.addTask {
                await Self.reload(on: kicks, activity, interval: pacing.interval, clock: pacing.clock, reload)
                return nil
            }
            // The first child to end (a feed that ended or failed, or cancellation) ends following.
            let first = await group.next() ?? nil
            group.cancelAll()
            var failure = first
            for await other in group where failure == nil { failure = other }
            return failure
        }
        if let failure { write(subject) { $0[keyPath: load].setError(failure) } }
    }

    /// Runs `reload` for each kick that brings changes the previous reload did not cover. When several changes
    /// arrived since the previous reload started and some of them while it ran (a burst, not a write that waited for
    /// the last reload to show), the next reload starts no sooner than `interval` after the previous one.
    private static func reload<C: Clock<Duration>>(
        on kicks: AsyncStream<Void>, _ activity: LockedState<FollowActivity>, interval: Duration, clock: C,
        _ reload: @Sendable () async -> Void
    ) async {
        var covered = -1
        var previousStart: C.Instant?
        for await _ in kicks {
            guard !Task.isCancelled else { return }
            // Changes that came during a wait below were covered by the reload that followed it.
            let next = activity.withLock { $0.next(covered: covered) }
            if next == .nothing { continue }
            if next == .reloadAfterInterval, interval > .zero, let previousStart {
                do { try await clock.sleep(until: previousStart.advanced(by: interval), tolerance: nil) } catch {
                    return
                }
            }
            covered = activity.withLock { $0.reloadStarted() }
            previousStart = clock.now
            await reload()
            activity.withLock { $0.reloadEnded() }
        }
    }
}
