import FitCore
import History

/// Collects the countdown of the running exercise (called from the clock when the store sleeps) and
/// prints it compactly: the first value, every fifth second, and the final 0.
final class CountdownRecorder: Sendable {
    private struct State {
        var store: HIITSessionStore?
        var values: [Int] = []
        var live: OutputSink?
    }

    private let state = LockedState(State())

    func attach(_ store: HIITSessionStore) { state.withLock { $0.store = store } }

    /// Starts a new exercise's line; `live` shows values as they come.
    func begin(live: OutputSink?) {
        state.withLock {
            $0.values = []
            $0.live = live
        }
    }

    /// Called at each sleep: records what the store shows now.
    func tick() {
        let (value, live, isFirst) = state.withLock { state -> (Int?, OutputSink?, Bool) in
            guard let value = state.store?.remainingSeconds else { return (nil, nil, false) }
            state.values.append(value)
            return (value, state.live, state.values.count == 1)
        }
        if let value, let live, isFirst || value % 5 == 0 { live.write("\(value) ") }
    }

    /// Ends the line with the final value; returns every value recorded.
    func finish(final: Int) -> [Int] {
        let (values, live) = state.withLock { state -> ([Int], OutputSink?) in
            state.values.append(final)
            return (state.values, state.live)
        }
        live?.line("\(final) ✓")
        return values
    }
}
