import Foundation

/// One day on the wall clock of a ``DisplayFormatter``'s time zone: what a screen groups by and shows as a heading.
public struct LocalDay: Sendable, Hashable {
    /// The day as `yyyy-MM-dd` in the time zone (`2026-06-04`): sorts in date order.
    public let key: String
    /// The heading, as ``DisplayFormatter/shortDate(_:)`` writes it (`Thu 4 Jun`).
    public let title: String
    /// From the day's first instant to the next day's.
    public let interval: DateInterval

    /// A day with its key, heading and span.
    ///
    /// - Parameters:
    ///   - key: `yyyy-MM-dd`.
    ///   - title: The heading.
    ///   - interval: The day's span.
    public init(key: String, title: String, interval: DateInterval) {
        self.key = key
        self.title = title
        self.interval = interval
    }

    /// A day's key: `yyyy-MM-dd`, zero-padded (`2026-06-04`).
    ///
    /// - Parameters:
    ///   - year: The year.
    ///   - month: The month, 1 to 12.
    ///   - day: The day of the month.
    /// - Returns: The key.
    package static func key(year: Int, month: Int, day: Int) -> String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }
}
