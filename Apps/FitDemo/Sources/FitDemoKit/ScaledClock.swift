import FitCore

/// A clock that runs `speed` times faster than `ContinuousClock`: the demo's HIIT countdown ticks once per
/// (scaled) second, so a 30-second exercise takes 0.3 s of real time with `speed` 100.
public struct ScaledClock: Clock {
    /// A point on the scaled clock: scaled time since the clock was created.
    public typealias Instant = ElapsedInstant

    /// How many scaled seconds pass per real second.
    public let speed: Int
    private let base = ContinuousClock()
    private let origin: ContinuousClock.Instant

    public init(speed: Int) {
        self.speed = max(1, speed)
        origin = base.now
    }

    public var now: Instant { Instant(offset: origin.duration(to: base.now) * speed) }
    public var minimumResolution: Duration { base.minimumResolution * speed }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let remaining = now.duration(to: deadline)
        guard remaining > .zero else { return try Task.checkCancellation() }
        try await base.sleep(for: remaining / speed)
    }
}
