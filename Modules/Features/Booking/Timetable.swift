import FitCore
import FitStores
import Foundation

/// The timetable as a screen shows it: sessions grouped by local day in each studio's time zone.
/// Pure; one formatter per studio time zone, built once per grouping.
public struct Timetable: Sendable, Hashable {
    /// The days that have at least one session, in date order.
    public let days: [TimetableDay]

    /// Creates a timetable from days already grouped.
    ///
    /// - Parameter days: The days, in the order to show them.
    public init(days: [TimetableDay]) {
        self.days = days
    }

    /// Groups `sessions` by the day they start on in their studio's time zone; sessions without a start
    /// time are left out. Days are in date order, sessions within a day by start time.
    ///
    /// - Parameters:
    ///   - sessions: The sessions to group, in any order.
    ///   - locale: The locale of the day headings ("Thu 4 Jun").
    public init(sessions: [BookableSession], locale: Locale) {
        var zones: [String: StudioDays] = [:]
        var groups: [String: (title: String, sessions: [BookableSession])] = [:]
        for session in sessions {
            guard let start = session.startTime else { continue }
            let day = zones[
                session.studioTimeZone, default: StudioDays(formatter: session.displayFormatter(locale: locale))
            ]
            .day(of: start)
            groups[day.key, default: (day.title, [])].sessions.append(session)
        }
        days = groups.keys.sorted().map { key in
            let group = groups[key]!
            let ordered = group.sessions.sorted {
                ($0.startTime ?? .distantPast, $0.name) < ($1.startTime ?? .distantPast, $1.name)
            }
            return TimetableDay(id: key, title: group.title, sessions: ordered)
        }
    }

    /// Every session, day by day.
    public var sessions: [BookableSession] { days.flatMap(\.sessions) }
}

/// The local days of one studio's time zone met so far, so that grouping asks the calendar once per day rather
/// than once per session.
private struct StudioDays {
    let formatter: DisplayFormatter
    private var known: [(interval: DateInterval, key: String, title: String)] = []

    init(formatter: DisplayFormatter) {
        self.formatter = formatter
    }

    /// The day `start` falls on: its key (`2026-06-04`, local) and its heading.
    mutating func day(of start: Date) -> (key: String, title: String) {
        if let day = known.first(where: { $0.interval.start <= start && start < $0.interval.end }) {
            return (day.key, day.title)
        }
        let calendar = formatter.calendar
        let parts = calendar.dateComponents([.year, .month, .day], from: start)
        let key = Self.key(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
        let title = formatter.shortDate(start)
        if let interval = calendar.dateInterval(of: .day, for: start) {
            known.append((interval, key, title))
        }
        return (key, title)
    }

    /// `yyyy-MM-dd`, zero-padded.
    static func key(year: Int, month: Int, day: Int) -> String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }
}
