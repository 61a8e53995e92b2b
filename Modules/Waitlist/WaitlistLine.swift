import Foundation

/// The line of one class as `waitlist_lines` reports it: how many wait, the signed-in member's place, and when the
/// list closes.
public struct WaitlistLine: Codable, Sendable, Hashable {
    /// The class.
    public var sessionId: UUID
    /// How many members wait.
    public var waiting: Int
    /// The signed-in member's place in line (1 is next), or `nil` when they are not in it.
    public var place: Int?
    /// When the list closes: no one joins or is promoted from then on (the studio's cutoff before the start, 60 minutes
    /// unless `waitlist_settings` says otherwise).
    public var closesAt: Date

    /// Creates a line as the backend reports it.
    ///
    /// - Parameters:
    ///   - sessionId: The class.
    ///   - waiting: How many members wait.
    ///   - place: The signed-in member's place, or `nil`.
    ///   - closesAt: When the list closes.
    public init(sessionId: UUID, waiting: Int, place: Int? = nil, closesAt: Date) {
        self.sessionId = sessionId
        self.waiting = waiting
        self.place = place
        self.closesAt = closesAt
    }

    /// "You're 3rd in line" while the member waits, `nil` otherwise.
    public var placeLabel: String? {
        guard let place else { return nil }
        return "You're \(Self.ordinal(place)) in line"
    }

    /// `1st`, `2nd`, `3rd`, `4th`, …, `11th`, `12th`, `13th`, `21st`.
    static func ordinal(_ number: Int) -> String {
        let suffix: String
        switch (number % 10, number % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix)"
    }
}
