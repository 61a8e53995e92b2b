import FitCore
import FitStores
import FitTesting
import Observation

/// A tiny store built the FitKit way (``StoreStorage`` + ``LoadState``), for testing the building blocks.
/// Each load sleeps on the test clock for the next scripted delay, then returns (or throws) the next
/// scripted result, so a test decides when and how every load ends.
final class TestStore: LoadingStore {
    struct State: Sendable {
        var numbers = LoadState<[Int]>()
    }

    struct Step: Sendable {
        var delay: Duration
        var result: Result<[Int], TestFailure>
    }

    struct TestFailure: Error, Equatable { var reason: String }

    private let storage = StoreStorage(State())
    private let script: LockedState<[Step]>
    private let clock: TestClock

    init(clock: TestClock, script: [Step]) {
        self.clock = clock
        self.script = LockedState(script)
    }

    var state: State { storage.read(self) }
    static var loadState: KeyPath<State, LoadState<[Int]>> { \.numbers }
    var numbers: [Int]? { state.numbers.value }

    /// Loads the numbers: latest request wins (see ``LoadState``).
    func load() async {
        await storage.load(self, \.numbers) {
            let step = script.withLock { $0.removeFirst() }
            try await clock.sleep(for: step.delay)
            return try step.result.get()
        }
    }
}
