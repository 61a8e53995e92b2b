import FitCore
import Foundation

/// A date typed on the command line: `YYYY-MM-DD` (midnight) or `YYYY-MM-DDTHH:MM` on the member's wall clock,
/// or ISO 8601 with a zone.
///
/// The text is parsed once, here. A wall-clock date keeps its components and becomes an instant in
/// ``date(in:)``, once the backend is open and the member's time zone is known.
struct DateArgument: DemoArgument, Sendable {
    private enum Value: Sendable {
        /// Year, month, day, hour and minute on the member's wall clock.
        case wallClock(DateComponents)
        /// An instant given with its zone.
        case instant(Date)
    }

    /// What was typed, for the message when the wall-clock time does not exist in the member's zone.
    let text: String
    private let value: Value

    init(parsing text: String) throws(DemoError) {
        self.text = text
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let numbers = trimmed.split(whereSeparator: { "-T :".contains($0) }).map { Int($0) }
        let isWallClock = (trimmed.utf8.count == 10 || trimmed.utf8.count == 16) && numbers.allSatisfy { $0 != nil }
        if isWallClock, numbers.count == 3 || numbers.count == 5 {
            let parts = DateComponents(
                year: numbers[0], month: numbers[1], day: numbers[2],
                hour: numbers.count == 5 ? numbers[3] : 0, minute: numbers.count == 5 ? numbers[4] : 0)
            // The day and time must exist on the calendar (no 2026-02-30, no 25:00) in any zone.
            guard Self.exactDate(parts, in: .gmt) != nil else { throw .badDate(text) }
            value = .wallClock(parts)
            return
        }
        guard trimmed.utf8.count > 16, let date = WireDate.date(from: trimmed) else { throw .badDate(text) }
        value = .instant(date)
    }

    /// The instant: a wall-clock date is read in `timeZone`, and refused if that zone skips the time
    /// (a daylight-saving gap).
    func date(in timeZone: TimeZone) throws(DemoError) -> Date {
        switch value {
        case .instant(let date): return date
        case .wallClock(let parts):
            guard let date = Self.exactDate(parts, in: timeZone) else { throw .badDate(text) }
            return date
        }
    }

    /// The date of `parts` in `timeZone`, or `nil` when `Calendar` would have to move it to get one (it rolls
    /// 2026-02-30 over to March): only dates that read back the same are accepted.
    private static func exactDate(_ parts: DateComponents, in timeZone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        guard let date = calendar.date(from: parts) else { return nil }
        let back = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        guard back.year == parts.year, back.month == parts.month, back.day == parts.day, back.hour == parts.hour,
            back.minute == parts.minute
        else { return nil }
        return date
    }
}
