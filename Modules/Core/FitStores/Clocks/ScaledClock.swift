import FitCore

/// A clock that runs `speed` times faster than `ContinuousClock`: with `speed` 100, a 30-second HIIT exercise takes
/// 0.3 s of real time, and the countdown still ticks once per (scaled) second. For an app's demo mode or a preview.
///
/// ```swift
/// let hiit = HIITSessionStore(queries: queries, history: history, clock: ScaledClock(speed: 10))
/// ```
public struct ScaledClock: Clock {
    /// A point on the scaled clock: scaled time since the clock was created.
    public typealias Instant = ElapsedInstant

    /// How many scaled seconds pass per real second.
    public let speed: Int
    private let base = ContinuousClock()
    private let origin: ContinuousClock.Instant

    /// A clock starting at zero now.
    ///
    /// - Parameter speed: How many scaled seconds pass per real second; at least 1.
    public init(speed: Int) {
        self.speed = max(1, speed)
        origin = base.now
    }

    /// The scaled time since the clock was made.
    public var now: Instant { Instant(offset: origin.duration(to: base.now) * speed) }

    /// The real clock's resolution, scaled.
    public var minimumResolution: Duration { base.minimumResolution * speed }

    /// Sleeps the real time that `deadline` is away, divided by ``speed``.
    ///
    /// - Parameters:
    ///   - deadline: The scaled instant to sleep until.
    ///   - tolerance: Ignored.
    /// - Throws: `CancellationError` when the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let remaining = now.duration(to: deadline)
        guard remaining > .zero else { return try Task.checkCancellation() }
        try await base.sleep(for: remaining / speed)
    }
}
