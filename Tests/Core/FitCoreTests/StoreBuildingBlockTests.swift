import FitCore
import FitStores
import FitTesting
import Observation
import Testing

/// ``StoreStorage`` + ``LoadState`` through a tiny store: loading vs refetching, failure, cancellation,
/// latest-wins and observation.
@Suite struct StoreBuildingBlockTests {
    typealias Step = TestStore.Step
    static let boom = TestStore.TestFailure(reason: "boom")

    static func ok(_ numbers: [Int], after seconds: Int = 1) -> Step {
        Step(delay: .seconds(seconds), result: .success(numbers))
    }
    static func failing(after seconds: Int = 1) -> Step { Step(delay: .seconds(seconds), result: .failure(boom)) }

    private func loaded(_ clock: TestClock, _ store: TestStore) async {
        let task = Task { await store.load() }
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(1))
        await task.value
    }

    @Test func theFirstLoadSetsIsLoadingUntilItEnds() async {
        let clock = TestClock()
        let store = TestStore(clock: clock, script: [Self.ok([1, 2])])
        #expect(!store.state.numbers.isLoading)
        let task = Task { await store.load() }
        await clock.waitForSleepers(count: 1)
        #expect(store.state.numbers.isLoading)
        #expect(!store.state.numbers.isRefetching)
        #expect(store.numbers == nil)
        clock.advance(by: .seconds(1))
        await task.value
        #expect(!store.state.numbers.isLoading)
        #expect(store.numbers == [1, 2])
        #expect(store.state.numbers.hasValue)
    }

    @Test func aLaterLoadRefetchesAndKeepsTheValueVisible() async {
        let clock = TestClock()
        let store = TestStore(clock: clock, script: [Self.ok([1]), Self.ok([2])])
        await loaded(clock, store)
        let task = Task { await store.load() }
        await clock.waitForSleepers(count: 1)
        #expect(store.state.numbers.isRefetching)
        #expect(!store.state.numbers.isLoading)
        #expect(store.numbers == [1])
        clock.advance(by: .seconds(1))
        await task.value
        #expect(!store.state.numbers.isRefetching)
        #expect(store.numbers == [2])
    }

    @Test func aFailedLoadKeepsTheOldValueAndExposesTheError() async {
        let clock = TestClock()
        let store = TestStore(clock: clock, script: [Self.ok([1]), Self.failing(), Self.ok([3])])
        await loaded(clock, store)
        await loaded(clock, store)
        #expect(store.numbers == [1])
        #expect(store.state.numbers.error as? TestStore.TestFailure == Self.boom)
        #expect(!store.state.numbers.isRefetching)
        await loaded(clock, store)
        #expect(store.numbers == [3])
        #expect(store.state.numbers.error == nil, "a success clears the error")
    }

    @Test func aFailedFirstLoadLeavesNoValue() async {
        let clock = TestClock()
        let store = TestStore(clock: clock, script: [Self.failing()])
        await loaded(clock, store)
        #expect(store.numbers == nil)
        #expect(!store.state.numbers.isLoading)
        #expect(store.state.numbers.error != nil)
    }

    @Test func cancellingARefetchLeavesTheStateAsItWas() async {
        let clock = TestClock()
        let store = TestStore(clock: clock, script: [Self.ok([1]), Self.failing(), Self.ok([2])])
        await loaded(clock, store)
        await loaded(clock, store)  // fails: value [1], error boom
        let task = Task { await store.load() }
        await clock.waitForSleepers(count: 1)
        task.cancel()
        await task.value
        #expect(store.numbers == [1])
        #expect(store.state.numbers.error as? TestStore.TestFailure == Self.boom)
        #expect(!store.state.numbers.isRefetching)
        #expect(!store.state.numbers.isLoading)
    }

    @Test func cancellingTheFirstLoadLeavesItUnloaded() async {
        let clock = TestClock()
        let store = TestStore(clock: clock, script: [Self.ok([1]), Self.ok([2])])
        let task = Task { await store.load() }
        await clock.waitForSleepers(count: 1)
        task.cancel()
        await task.value
        #expect(store.numbers == nil)
        #expect(store.state.numbers.error == nil)
        #expect(!store.state.numbers.isLoading)
        await loaded(clock, store)
        #expect(store.numbers == [2])
    }

    @Test func theLatestRequestWinsOverAnOlderSlowerOne() async {
        let clock = TestClock()
        let store = TestStore(clock: clock, script: [Self.ok([1], after: 2), Self.ok([2], after: 1)])
        let older = Task { await store.load() }
        await clock.waitForSleepers(count: 1)
        let newer = Task { await store.load() }
        await clock.waitForSleepers(count: 2)
        clock.advance(by: .seconds(1))
        await newer.value
        #expect(store.numbers == [2])
        #expect(!store.state.numbers.isLoading, "the older load no longer counts once a newer one applied")
        clock.advance(by: .seconds(1))
        await older.value
        #expect(store.numbers == [2])
    }

    @Test func anOlderFailureDoesNotOverwriteANewerSuccess() async {
        let clock = TestClock()
        let store = TestStore(clock: clock, script: [Self.failing(after: 2), Self.ok([2], after: 1)])
        let older = Task { await store.load() }
        await clock.waitForSleepers(count: 1)
        let newer = Task { await store.load() }
        await clock.waitForSleepers(count: 2)
        clock.advance(by: .seconds(2))
        await newer.value
        await older.value
        #expect(store.numbers == [2])
        #expect(store.state.numbers.error == nil)
    }

    @Test func observersAreNotifiedWhenALoadStarts() async {
        let clock = TestClock()
        let store = TestStore(clock: clock, script: [Self.ok([1])])
        let task = await confirmation("a derived property changed when the load started", expectedCount: 1) { changed in
            withObservationTracking {
                _ = store.numbers
            } onChange: {
                changed()
            }
            let task = Task { await store.load() }
            await clock.waitForSleepers(count: 1)  // the load has begun and is waiting for its data
            return task
        }
        #expect(store.state.numbers.isLoading)
        clock.advance(by: .seconds(1))
        await task.value
    }

    @Test func observersAreNotifiedWhenTheValueArrives() async {
        let clock = TestClock()
        let store = TestStore(clock: clock, script: [Self.ok([1])])
        let task = Task { await store.load() }
        await clock.waitForSleepers(count: 1)
        await confirmation("state changed when the value arrived", expectedCount: 1) { changed in
            withObservationTracking {
                _ = store.state
            } onChange: {
                changed()
            }
            clock.advance(by: .seconds(1))
            await task.value
        }
        #expect(store.numbers == [1])
    }

    @Test func readingWithoutChangeNotifiesNoOne() async {
        let clock = TestClock()
        let store = TestStore(clock: clock, script: [])
        await confirmation("no change", expectedCount: 0) { changed in
            withObservationTracking {
                _ = store.state
            } onChange: {
                changed()
            }
            _ = store.state
            _ = store.numbers
        }
    }
}

/// ``LoadState`` as a plain value.
@Suite struct LoadStateTests {
    struct Failure: Error {}

    @Test func startsEmptyOrWithAValue() {
        #expect(LoadState<Int>().value == nil)
        #expect(!LoadState<Int>().hasValue)
        #expect(LoadState(value: 3).value == 3)
    }

    @Test func setReplacesTheValueAndClearsTheError() {
        var state = LoadState<Int>()
        let ticket = state.begin()
        state.finish(ticket, with: .failure(Failure()))
        #expect(state.error != nil)
        state.set(7)
        #expect(state.value == 7)
        #expect(state.error == nil)
    }

    @Test func setSupersedesLoadsAlreadyRunning() {
        var state = LoadState<Int>()
        let ticket = state.begin()
        state.set(7)
        #expect(!state.isLoading)
        state.finish(ticket, with: .success(1))
        #expect(state.value == 7)
    }

    @Test func setErrorKeepsTheValue() {
        var state = LoadState(value: 1)
        state.setError(Failure())
        #expect(state.value == 1)
        #expect(state.error is Failure)
        state.setError(nil)
        #expect(state.error == nil)
    }

    @Test func aCancellationFinishChangesNothing() {
        var state = LoadState(value: 1)
        let ticket = state.begin()
        #expect(state.isRefetching)
        state.finish(ticket, with: .failure(CancellationError()))
        #expect(state.value == 1)
        #expect(state.error == nil)
        #expect(!state.isRefetching)
    }
}
