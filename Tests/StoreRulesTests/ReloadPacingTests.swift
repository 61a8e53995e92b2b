import FitCore
import FitTesting
import Foundation
import Observation
import Testing

@testable import FitStores

/// How `StoreStorage.follow` paces its reloads: a single change reloads at once, also right after a reload (a writer
/// waiting for each write to show); several changes since the previous reload started wait for the pacing interval,
/// and what else arrives meanwhile is covered by that one reload. Time moves only by the test clock, and every step
/// is awaited as an event: the feed hands over each change only when the follower asks for the next (so the test knows
/// the one before has been counted), and each reload reports its start and waits to be let through.
@Suite(.timeLimit(.minutes(2))) struct ReloadPacingTests {
    /// A store with nothing but a counter, enough for `StoreStorage.follow`.
    final class Follower: Observable, Sendable {
        struct State: Sendable { var count = LoadState<Int>() }
        let storage = StoreStorage(State())
        var state: State { storage.read(self, \.state) }
    }

    /// Permits, handed out in order: `pass()` waits for one (or for the task's cancellation); `admit()` gives one.
    actor Turnstile {
        private var permits = 0
        private var waiting: [(id: Int, continuation: CheckedContinuation<Void, Never>)] = []
        private var nextID = 0

        func pass() async {
            if permits > 0 {
                permits -= 1
                return
            }
            let id = nextID
            nextID += 1
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    if Task.isCancelled { return continuation.resume() }
                    waiting.append((id, continuation))
                }
            } onCancel: {
                Task { await self.leave(id) }
            }
        }

        func admit() {
            if waiting.isEmpty {
                permits += 1
            } else {
                waiting.removeFirst().continuation.resume()
            }
        }

        private func leave(_ id: Int) {
            if let index = waiting.firstIndex(where: { $0.id == id }) {
                waiting.remove(at: index).continuation.resume()
            }
        }
    }

    /// The feed: each change is handed over after `release()`; `requested` hears each time the follower asks for the
    /// next change, i.e. has counted the one before.
    struct Feed {
        let changes: AsyncThrowingStream<DatabaseChange, any Error>
        let requested: AsyncStream<Void>
        let gate = Turnstile()

        init() {
            let (requested, asked) = AsyncStream.makeStream(of: Void.self)
            let gate = self.gate
            self.requested = requested
            changes = AsyncThrowingStream(unfolding: {
                asked.yield()
                await gate.pass()
                return Task.isCancelled ? nil : DatabaseChange.missedChanges(table: "things")
            })
        }

        /// Hands over one change.
        func release() async { await gate.admit() }
    }

    @Test func aSingleChangeReloadsAtOnceAndABurstWaitsForTheIntervalAsOneReload() async throws {
        let clock = TestClock()
        let follower = Follower()
        let feed = Feed()
        let (starts, started) = AsyncStream.makeStream(of: Int.self)
        let finish = Turnstile()
        let count = LockedState(0)
        let following = Task {
            await follower.storage.follow(
                follower, \.state, \.count, changes: [feed.changes],
                pacing: ReloadPacing(interval: .seconds(1), clock: clock)
            ) {
                let number = count.withLock {
                    $0 += 1
                    return $0
                }
                started.yield(number)
                await finish.pass()
            }
        }
        var reloads = starts.makeAsyncIterator()
        var asks = feed.requested.makeAsyncIterator()

        // Following starts with a reload; two changes arrive while it runs.
        #expect(await reloads.next() == 1)
        _ = await asks.next()
        await feed.release()
        _ = await asks.next()
        await feed.release()
        _ = await asks.next()
        await finish.admit()
        // A burst: the next reload waits for the interval; a third change meanwhile joins it.
        await clock.waitForSleepers(count: 1)
        #expect(count.value == 1)
        await feed.release()
        _ = await asks.next()
        clock.advance(by: .seconds(1))
        #expect(await reloads.next() == 2)
        await finish.admit()

        // One change after the burst, and one while that reload runs (a writer that waited): each reloads at once,
        // with the clock standing still.
        let before = clock.now
        await feed.release()
        _ = await asks.next()
        #expect(await reloads.next() == 3)
        await feed.release()
        _ = await asks.next()
        await finish.admit()
        #expect(await reloads.next() == 4)
        #expect(clock.now == before)
        #expect(clock.sleeperCount == 0)
        await finish.admit()

        following.cancel()
        await following.value
        #expect(count.value == 4)
    }

    /// The decision itself, case by case: a burst is several changes since the last reload started, some of them
    /// while it ran.
    @Test func aBurstIsSeveralChangesSomeWhileTheLastReloadRan() {
        var activity = FollowActivity()
        #expect(activity.next(covered: -1) == .reload)
        var covered = activity.reloadStarted()
        #expect(activity.next(covered: covered) == .nothing)
        activity.changeArrived()
        #expect(activity.next(covered: covered) == .reload)
        activity.changeArrived()
        #expect(activity.next(covered: covered) == .reloadAfterInterval)
        activity.reloadEnded()
        covered = activity.reloadStarted()
        activity.reloadEnded()
        // The two changes of one write, after the reload ended: at once.
        activity.changeArrived()
        activity.changeArrived()
        #expect(activity.next(covered: covered) == .reload)
        covered = activity.reloadStarted()
        activity.changeArrived()
        activity.reloadEnded()
        activity.changeArrived()
        #expect(activity.next(covered: covered) == .reloadAfterInterval)
    }

    @Test func immediatePacingNeverWaits() async throws {
        let clock = TestClock()
        let follower = Follower()
        let feed = Feed()
        let (starts, started) = AsyncStream.makeStream(of: Int.self)
        let finish = Turnstile()
        let count = LockedState(0)
        let following = Task {
            await follower.storage.follow(
                follower, \.state, \.count, changes: [feed.changes],
                pacing: ReloadPacing(interval: .zero, clock: clock)
            ) {
                let number = count.withLock {
                    $0 += 1
                    return $0
                }
                started.yield(number)
                await finish.pass()
            }
        }
        var reloads = starts.makeAsyncIterator()
        var asks = feed.requested.makeAsyncIterator()
        #expect(await reloads.next() == 1)
        _ = await asks.next()
        for _ in 0..<3 {
            await feed.release()
            _ = await asks.next()
        }
        await finish.admit()
        // Three changes during the first reload: one more reload, at once.
        #expect(await reloads.next() == 2)
        #expect(clock.sleeperCount == 0)
        await finish.admit()
        following.cancel()
        await following.value
        #expect(count.value == 2)
    }
}
