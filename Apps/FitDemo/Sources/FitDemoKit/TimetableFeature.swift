import Booking
import FitCore
import Foundation
import Waitlist

extension DemoContext {
    /// The member's timetable for the next `days` days, through ``TimetableStore``.
    func loadTimetable(days: Int) async throws -> Timetable {
        let store = TimetableStore(queries: BookingQueries(client: client), locale: locale, now: environment.now)
        let start = now
        await store.load(from: start, to: start.addingTimeInterval(Double(days) * 86_400))
        if let error = store.error { throw error }
        return store.timetable ?? Timetable(days: [])
    }

    /// `timetable`: the next `days` days with the session ids to pass to `book`, or the sessions as JSON.
    func showTimetable(days: Int) async throws {
        let timetable = try await loadTimetable(days: days)
        if json { return try emitJSON(timetable.sessions) }
        output.line("Timetable for \(member.displayName), next \(days) days (times in each studio's zone):")
        printTimetable(timetable, ids: true, waiting: try await waitingCounts(of: timetable))
    }

    /// How many wait for each full class of `timetable` (one request; none when no class is full).
    func waitingCounts(of timetable: Timetable) async throws -> [UUID: Int] {
        let full = timetable.sessions.filter { $0.spotsRemaining == 0 && !$0.isCancelled }.map(\.sessionId)
        return try await WaitlistQueries(client: client).lines(for: full).mapValues(\.waiting)
    }

    /// Prints the timetable day by day; with `ids`, each row ends with the session id to pass to `book`; a full class
    /// people wait for says how many (`waiting`).
    func printTimetable(_ timetable: Timetable, ids: Bool, waiting: [UUID: Int] = [:]) {
        let text = TimetableText(locale: locale, sessions: timetable.sessions)
        if timetable.days.isEmpty { output.line("  No classes in this period.") }
        for day in timetable.days {
            output.line(day.title)
            for session in day.sessions {
                output.line(text.row(session, id: ids, waiting: waiting[session.sessionId] ?? 0))
            }
        }
    }
}
