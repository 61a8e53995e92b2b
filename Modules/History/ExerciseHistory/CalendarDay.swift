import Foundation

/// A calendar day (year, month, day) in some time zone, without a time: the key history is grouped by.
/// A day is only meaningful with the calendar (and so the time zone) it was computed in.
public struct CalendarDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    /// A day by its numbers (month and day from 1).
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `date` falls on in `calendar`'s time zone.
    public init(containing date: Date, in calendar: Calendar) {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.init(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
    }

    /// The first instant of the day in `calendar` (not always 00:00 where DST starts at midnight).
    public func start(in calendar: Calendar) -> Date {
        calendar.startOfDay(for: noon(in: calendar))
    }

    /// The day `count` days later (earlier when negative), by the calendar, so DST changes do not matter.
    public func adding(days count: Int, in calendar: Calendar) -> CalendarDay {
        let moved = calendar.date(byAdding: .day, value: count, to: noon(in: calendar)) ?? noon(in: calendar)
        return CalendarDay(containing: moved, in: calendar)
    }

    /// Noon exists on every day, whatever DST does around midnight.
    private func noon(in calendar: Calendar) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))
            ?? Date(timeIntervalSince1970: 0)
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `2026-03-08`.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}
