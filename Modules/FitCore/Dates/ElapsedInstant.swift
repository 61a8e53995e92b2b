/// An instant of a clock that counts from its own start: the time elapsed since then. Shared by the
/// clocks FitKit builds for tests and demos (`TestClock`, scaled and immediate clocks).
public struct ElapsedInstant: InstantProtocol, Sendable {
    /// Time since the clock started.
    public let offset: Duration

    public init(offset: Duration) { self.offset = offset }
    public func advanced(by duration: Duration) -> ElapsedInstant { ElapsedInstant(offset: offset + duration) }
    public func duration(to other: ElapsedInstant) -> Duration { other.offset - offset }
    public static func < (lhs: ElapsedInstant, rhs: ElapsedInstant) -> Bool { lhs.offset < rhs.offset }
}
