import FitCore
import Observation

/// Returns once `condition` holds, re-checking it each time something it reads from an `Observable` (a FitKit
/// store) changes: how a test (or a command-line tool) waits for a store that follows another client's writes,
/// with no sleeps or polling.
/// Returns at once when it already holds, and when the calling task is cancelled (bound a test with
/// `.timeLimit` so a condition that never comes fails instead of hanging).
///
/// ```swift
/// try await otherWindow.rate(4, exerciseId: squat.id)
/// await waitUntil { window.rating(for: squat.id).value == 4 }
/// ```
///
/// - Parameter condition: What to wait for; it should read the stores it depends on (each read registers an
///   observation) and must not block.
public func waitUntil(_ condition: @escaping @Sendable () -> Bool) async {
    while !Task.isCancelled {
        let changed = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let satisfied = withObservationTracking(condition) { changed.continuation.yield() }
        if satisfied { return }
        // A change another thread makes while the tracking above is being installed reaches no observer (Swift's
        // `withObservationTracking` and `Observations` both have that window: swiftlang/swift#86719): look once more
        // now that the observer is in place. A change after this look fires it.
        if condition() { return }
        for await _ in changed.stream { break }
        await Task.yield()
    }
}
