/// How a following store spaces its reloads while changes keep coming (see
/// ``StoreStorage/follow(_:_:changes:pacing:reload:)``).
///
/// A change reloads at once, so a write shows up as soon as the backend reports it, even when the writer waits for
/// each write to show before the next (and so do the two changes of one write, such as a booking's). When several
/// changes arrived since the previous reload started and some of them while it ran, a burst is under way (a class
/// filling up, a sync replaying its outbox): they and whatever else comes meanwhile are coalesced into one reload,
/// which starts no sooner than ``interval`` after the previous one started. A burst then costs about one reload per
/// interval however many changes it brings, and the store is never more than an interval (and a reload) behind.
///
/// ```swift
/// await timetable.follow(pacing: ReloadPacing(interval: .seconds(1)))
/// ```
public struct ReloadPacing: Sendable {
    /// The shortest time between the starts of two reloads during a burst.
    public var interval: Duration
    /// The clock that measures ``interval`` (a test's clock in tests).
    public var clock: any Clock<Duration>

    /// A pacing.
    ///
    /// - Parameters:
    ///   - interval: The shortest time between the starts of two reloads during a burst; `.zero` reloads again as
    ///     soon as the previous reload ends.
    ///   - clock: The clock that measures `interval`.
    public init(interval: Duration, clock: any Clock<Duration> = ContinuousClock()) {
        self.interval = interval
        self.clock = clock
    }

    /// A second between reloads during a burst: a class filling up shows its spots move once a second, at the cost
    /// of one request a second per follower.
    public static var standard: ReloadPacing { ReloadPacing(interval: .seconds(1)) }

    /// No spacing: each reload starts as soon as the previous one ends, however many changes keep coming.
    public static var immediate: ReloadPacing { ReloadPacing(interval: .zero) }

}
