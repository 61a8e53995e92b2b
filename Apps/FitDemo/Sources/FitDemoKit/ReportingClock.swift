/// Wraps a clock and calls `onSleep` each time someone starts sleeping on it. The HIIT countdown sleeps once
/// per tick after updating its state, so the hook sees every remaining-seconds value without polling.
struct ReportingClock<Base: Clock>: Clock where Base.Duration == Duration {
    typealias Instant = Base.Instant

    let base: Base
    let onSleep: @Sendable () -> Void

    var now: Base.Instant { base.now }
    var minimumResolution: Duration { base.minimumResolution }

    func sleep(until deadline: Base.Instant, tolerance: Duration?) async throws {
        onSleep()
        try await base.sleep(until: deadline, tolerance: tolerance)
    }

    /// `base` wrapped, as an existential again.
    static func wrapping(_ base: Base, onSleep: @escaping @Sendable () -> Void) -> any Clock<Duration> {
        ReportingClock(base: base, onSleep: onSleep)
    }
}

/// Opens the existential so any clock can be wrapped.
func reportingSleeps(of clock: some Clock<Duration>, _ onSleep: @escaping @Sendable () -> Void) -> any Clock<Duration> {
    ReportingClock.wrapping(clock, onSleep: onSleep)
}
