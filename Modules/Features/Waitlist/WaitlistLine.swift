import FitCore
import Foundation

/// The line of one class as `waitlist_lines` reports it: whether it is open, how many wait, the signed-in member's
/// place, and when the list closes.
///
/// The database decides whether a line is open, with its own clock, exactly as `join_waitlist` does: a line closes at
/// its cutoff, when its class is cancelled, and so by its start. A closed line has no one waiting and no place.
public struct WaitlistLine: Codable, Sendable, Hashable {
    /// The class.
    public var sessionId: UUID
    /// Whether members may join and be promoted: before the cutoff of a class that is not cancelled.
    public var isOpen: Bool
    /// How many members wait; 0 once the line closed.
    public var waiting: Int
    /// The signed-in member's place in line (1 is next), or `nil` when they are not in it or it closed.
    public var place: Int?
    /// When the list closes: no one joins or is promoted from then on (the studio's cutoff before the start, 60 minutes
    /// unless `waitlist_settings` says otherwise).
    public var closesAt: Date

    /// Creates a line as the backend reports it.
    ///
    /// - Parameters:
    ///   - sessionId: The class.
    ///   - isOpen: Whether the line is open; `true` by default.
    ///   - waiting: How many members wait.
    ///   - place: The signed-in member's place, or `nil`.
    ///   - closesAt: When the list closes.
    public init(sessionId: UUID, isOpen: Bool = true, waiting: Int, place: Int? = nil, closesAt: Date) {
        self.sessionId = sessionId
        self.isOpen = isOpen
        self.waiting = waiting
        self.place = place
        self.closesAt = closesAt
    }

    /// Decodes a line; one without `is_open` (an answer cached offline by an earlier FitKit) is open.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when a field has the wrong type or a required one is missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            sessionId: try container.decode(UUID.self, forKey: .sessionId),
            isOpen: try container.decodeIfPresent(Bool.self, forKey: .isOpen) ?? true,
            waiting: try container.decode(Int.self, forKey: .waiting),
            place: try container.decodeIfPresent(Int.self, forKey: .place),
            closesAt: try container.decode(Date.self, forKey: .closesAt))
    }

    /// "You're 3rd in line" while the member waits in an open line, `nil` otherwise; in
    /// ``/FitCore/FitLocalization/locale``'s language ("Du stehst an 3. Stelle der Warteliste").
    public var placeLabel: String? {
        guard isOpen, let place else { return nil }
        let locale = FitLocalization.locale
        return localized("You're %@ in line", .text(Self.ordinal(place, locale: locale)), locale: locale)
    }

    /// `place` as an ordinal in `locale`'s language: `3rd`, `3.`.
    static func ordinal(_ number: Int, locale: Locale) -> String {
        guard localized.language(for: locale) != "en" else { return ordinal(number) }
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .ordinal
        return formatter.string(from: NSNumber(value: number)) ?? "\(number)."
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
