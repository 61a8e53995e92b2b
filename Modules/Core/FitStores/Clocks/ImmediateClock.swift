import FitCore

/// A clock whose sleeps return at once, moving its time to the deadline: runs a countdown (the HIIT timer of
/// `HIITSessionStore`) to its end without waiting, for an app's "skip" mode, a preview or a test. Cancellation still
/// ends a sleep.
///
/// ```swift
/// let hiit = HIITSessionStore(queries: queries, history: history, clock: ImmediateClock())
/// ```
public final class ImmediateClock: Clock, Sendable {
    /// A point on the clock: the time slept so far.
    public typealias Instant = ElapsedInstant

    private let current = LockedState(Instant(offset: .zero))

    /// A clock at zero.
    public init() {}

    /// The time slept so far.
    public var now: Instant { current.value }

    /// Zero: any duration can be slept.
    public var minimumResolution: Duration { .zero }

    /// Moves the clock to `deadline` (if it is later) and returns at once.
    ///
    /// - Parameters:
    ///   - deadline: The instant to sleep until.
    ///   - tolerance: Ignored.
    /// - Throws: `CancellationError` when the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        current.withLock { $0 = max($0, deadline) }
    }
}
