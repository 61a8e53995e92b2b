import FitCore

/// A clock whose sleeps return at once, moving its time to the deadline: runs a countdown to the end
/// without waiting (the demo's `--instant` HIIT, and its tests). Cancellation still ends a sleep.
public final class ImmediateClock: Clock, Sendable {
    /// A point on the clock: the time slept so far.
    public typealias Instant = ElapsedInstant

    private let current = LockedState(Instant(offset: .zero))

    public init() {}

    public var now: Instant { current.value }
    public var minimumResolution: Duration { .zero }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        current.withLock { $0 = max($0, deadline) }
    }
}
