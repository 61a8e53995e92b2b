import FitCore
import FitStores
import Foundation

/// The timetable as a screen shows it: sessions grouped by local day in each studio's time zone.
/// Pure; one formatter per studio time zone (the shared one), which remembers each local day.
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
        var formatters: [String: DisplayFormatter] = [:]
        var groups: [String: (title: String, sessions: [BookableSession])] = [:]
        for session in sessions {
            guard let start = session.startTime else { continue }
            let formatter: DisplayFormatter
            if let known = formatters[session.studioTimeZone] {
                formatter = known
            } else {
                formatter = session.displayFormatter(locale: locale)
                formatters[session.studioTimeZone] = formatter
            }
            let day = formatter.localDay(of: start)
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
