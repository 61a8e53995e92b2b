/// A studio's rules as the desk sets them (`studio_policies`, ``DeskQueries/setRules(_:at:)``): what members see and
/// pay follows them on every backend, with no code change.
public struct StudioRules: Codable, Sendable, Hashable {
    /// Cancelling at least this many minutes before a class refunds it in full; 720 (12 hours) unless changed.
    public var fullRefundMinutes: Int
    /// Booking opens this many days before each class; `nil` for as soon as the class is on the timetable.
    public var bookingOpensDays: Int?
    /// A class's line holds at most this many members (a class may set its own); `nil` for no cap.
    public var lineCap: Int?
    /// A class's line closes this many minutes before it starts (a class may set its own); 60 unless changed.
    public var waitlistCutoffMinutes: Int

    /// A studio's rules.
    ///
    /// - Parameters:
    ///   - fullRefundMinutes: The full-refund window, 0 to 43 200 minutes.
    ///   - bookingOpensDays: How many days ahead booking opens, 1 to 365, or `nil` (the default) for no limit.
    ///   - lineCap: The most a line holds, 1 to 1 000, or `nil` (the default) for no cap.
    ///   - waitlistCutoffMinutes: How long before a class its line closes, 0 to 10 080 minutes; 60 by default.
    public init(
        fullRefundMinutes: Int, bookingOpensDays: Int? = nil, lineCap: Int? = nil, waitlistCutoffMinutes: Int = 60
    ) {
        self.fullRefundMinutes = fullRefundMinutes
        self.bookingOpensDays = bookingOpensDays
        self.lineCap = lineCap
        self.waitlistCutoffMinutes = waitlistCutoffMinutes
    }
}
