/// An instant of a clock that counts from its own start: the time elapsed since then. Shared by the
/// clocks FitKit builds for tests and demos (`TestClock`, scaled and immediate clocks).
public struct ElapsedInstant: InstantProtocol, Sendable {
    /// Time since the clock started.
    public let offset: Duration

    /// Creates the instant `offset` after the clock's start.
    ///
    /// - Parameter offset: The time since the clock started.
    public init(offset: Duration) { self.offset = offset }
    /// The instant `duration` later (earlier when negative).
    ///
    /// - Parameter duration: How far to move.
    /// - Returns: The moved instant.
    public func advanced(by duration: Duration) -> ElapsedInstant { ElapsedInstant(offset: offset + duration) }
    /// The time from this instant to `other`, negative when `other` is earlier.
    ///
    /// - Parameter other: Another instant of the same clock.
    /// - Returns: `other` minus this instant.
    public func duration(to other: ElapsedInstant) -> Duration { other.offset - offset }
    /// Earlier instants sort first.
    ///
    /// - Parameters:
    ///   - lhs: An instant.
    ///   - rhs: Another instant of the same clock.
    /// - Returns: Whether `lhs` is earlier than `rhs`.
    public static func < (lhs: ElapsedInstant, rhs: ElapsedInstant) -> Bool { lhs.offset < rhs.offset }
}
