import Foundation

/// One day of the timetable: the sessions that start on that local day in their studio's time zone.
public struct TimetableDay: Sendable, Hashable, Identifiable {
    /// The local day, `yyyy-MM-dd`; sorts chronologically.
    public let id: String
    /// The day's heading: `Thu 4 Jun`.
    public let title: String
    /// The day's sessions by start time.
    public let sessions: [BookableSession]

    /// Creates one day of the timetable.
    ///
    /// - Parameters:
    ///   - id: The local day, `yyyy-MM-dd`.
    ///   - title: The day's heading, e.g. "Thu 4 Jun".
    ///   - sessions: The day's sessions, by start time.
    public init(id: String, title: String, sessions: [BookableSession]) {
        self.id = id
        self.title = title
        self.sessions = sessions
    }
}
