import FitStores
import Foundation

/// A calendar day (year, month, day) in some time zone, without a time: the key history is grouped by.
/// A day is only meaningful with the calendar (and so the time zone) it was computed in.
public struct CalendarDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The year in the Gregorian calendar, e.g. 2026.
    public var year: Int
    /// The month, 1 (January) to 12.
    public var month: Int
    /// The day of the month, from 1.
    public var day: Int

    /// A day by its numbers (month and day from 1).
    ///
    /// The numbers are stored as given, not checked against the calendar.
    ///
    /// - Parameters:
    ///   - year: The year, e.g. 2026.
    ///   - month: The month, 1 to 12.
    ///   - day: The day of the month, from 1.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `date` falls on in `calendar`'s time zone.
    ///
    /// - Parameters:
    ///   - date: The instant.
    ///   - calendar: The calendar whose time zone decides the day (the member's, for history).
    public init(containing date: Date, in calendar: Calendar) {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.init(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
    }

    /// The first instant of the day in `calendar` (not always 00:00 where DST starts at midnight).
    ///
    /// - Parameter calendar: The calendar (and time zone) the day belongs to.
    /// - Returns: The day's first instant in that zone.
    public func start(in calendar: Calendar) -> Date {
        calendar.startOfDay(for: noon(in: calendar))
    }

    /// The day `count` days later (earlier when negative), by the calendar, so DST changes do not matter.
    ///
    /// - Parameters:
    ///   - count: How many days to move; negative moves back.
    ///   - calendar: The calendar to count in.
    /// - Returns: The day reached.
    public func adding(days count: Int, in calendar: Calendar) -> CalendarDay {
        let moved = calendar.date(byAdding: .day, value: count, to: noon(in: calendar)) ?? noon(in: calendar)
        return CalendarDay(containing: moved, in: calendar)
    }

    /// Noon exists on every day, whatever DST does around midnight.
    private func noon(in calendar: Calendar) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))
            ?? Date(timeIntervalSince1970: 0)
    }

    /// Orders days by year, then month, then day: earlier days first, whatever calendar they came from.
    ///
    /// - Parameters:
    ///   - lhs: A day.
    ///   - rhs: Another day.
    /// - Returns: Whether `lhs` comes before `rhs`.
    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `2026-03-08`.
    public var description: String { LocalDay.key(year: year, month: month, day: day) }
}
