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
    final class Follower: LoadingStore {
        struct State: Sendable { var count = LoadState<Int>() }
        static var loadState: KeyPath<State, LoadState<Int>> { \.count }
        let storage = StoreStorage(State())
        var state: State { storage.read(self) }
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

    /// A follower over a ``Feed`` whose reloads are counted, report their start and wait for ``finishReload()``.
    struct Following {
        let clock = TestClock()
        let feed = Feed()
        let finish = Turnstile()
        let count = LockedState(0)
        let task: Task<Void, Never>
        private var reloads: AsyncStream<Int>.Iterator
        private var asks: AsyncStream<Void>.Iterator

        /// Starts following with reloads `interval` apart in a burst, and waits until the feed is asked for its first
        /// change.
        init(interval: Duration) async {
            let (starts, started) = AsyncStream.makeStream(of: Int.self)
            let follower = Follower()
            let (feed, finish, count, clock) = (self.feed, self.finish, self.count, self.clock)
            task = Task {
                await follower.storage.follow(
                    follower, \.count, changes: [feed.changes],
                    pacing: ReloadPacing(interval: interval, clock: clock)
                ) {
                    let number = count.withLock {
                        $0 += 1
                        return $0
                    }
                    started.yield(number)
                    await finish.pass()
                }
            }
            reloads = starts.makeAsyncIterator()
            asks = feed.requested.makeAsyncIterator()
            _ = await asks.next()
        }

        /// The number of the next reload to start.
        mutating func nextReload() async -> Int? { await reloads.next() }

        /// Hands the follower one change and waits until it has counted it.
        mutating func change() async {
            await feed.release()
            _ = await asks.next()
        }

        /// Lets the running reload end.
        func finishReload() async { await finish.admit() }

        /// Stops following.
        func stop() async {
            task.cancel()
            await task.value
        }
    }

    @Test func aSingleChangeReloadsAtOnceAndABurstWaitsForTheIntervalAsOneReload() async throws {
        var following = await Following(interval: .seconds(1))
        let clock = following.clock
        // Following starts with a reload; two changes arrive while it runs.
        #expect(await following.nextReload() == 1)
        await following.change()
        await following.change()
        await following.finishReload()
        // A burst: the next reload waits for the interval; a third change meanwhile joins it.
        await clock.waitForSleepers(count: 1)
        #expect(following.count.value == 1)
        await following.change()
        clock.advance(by: .seconds(1))
        #expect(await following.nextReload() == 2)
        await following.finishReload()

        // One change after the burst, and one while that reload runs (a writer that waited): each reloads at once,
        // with the clock standing still.
        let before = clock.now
        await following.change()
        #expect(await following.nextReload() == 3)
        await following.change()
        await following.finishReload()
        #expect(await following.nextReload() == 4)
        #expect(clock.now == before)
        #expect(clock.sleeperCount == 0)
        await following.finishReload()

        await following.stop()
        #expect(following.count.value == 4)
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
        var following = await Following(interval: .zero)
        #expect(await following.nextReload() == 1)
        for _ in 0..<3 { await following.change() }
        await following.finishReload()
        // Three changes during the first reload: one more reload, at once.
        #expect(await following.nextReload() == 2)
        #expect(following.clock.sleeperCount == 0)
        await following.finishReload()
        await following.stop()
        #expect(following.count.value == 2)
    }
}
