import Booking
import FitCore
import FitStores
import Foundation

/// Memory: peak resident memory to load a 10k-session timetable through `TimetableStore` and build every
/// label, against the resident memory just before (the database already seeded). Reported, no goal.
enum MemoryBenchmark {
    static let sessionCount = 10_000

    static func run() async throws -> Figure {
        let processBaseline = ResidentMemory.peak()
        let week = try await WeekTimetable(sessionCount: sessionCount)
        let seededPeak = ResidentMemory.peak()
        // Measure from here: the peak restarts at the current size where the system allows it.
        let canReset = ResidentMemory.resetPeak()
        let before = canReset ? (ResidentMemory.current() ?? ResidentMemory.peak()) : ResidentMemory.peak()

        let store = TimetableStore(
            queries: BookingQueries(client: week.database.client(as: .member(week.member))),
            locale: Locale(identifier: "en_US"), now: { week.now })
        await store.load(from: week.now, to: week.end)
        var formatters: [String: DisplayFormatter] = [:]
        var characters = 0
        for day in store.days {
            characters += day.title.utf8.count
            for session in day.sessions {
                let formatter =
                    formatters[session.studioTimeZone] ?? session.displayFormatter(locale: Locale(identifier: "en_US"))
                formatters[session.studioTimeZone] = formatter
                let dateTime = session.startDateTimeLabels(formatter: formatter)
                characters +=
                    session.spotsLabel.utf8.count + session.creditCostLabel.utf8.count
                    + session.instructorLabel.utf8.count + session.durationLabel.utf8.count
                    + dateTime.time.utf8.count + dateTime.date.utf8.count
            }
        }
        let peak = ResidentMemory.peak()
        guard store.timetable?.sessions.count == sessionCount, characters > sessionCount * 20 else {
            throw BenchmarkError("Memory: the timetable has \(store.timetable?.sessions.count ?? 0) sessions")
        }
        let note = canReset ? "peak reset after seeding" : "peak not resettable here: includes seeding"
        return Figure(
            id: "Memory",
            text:
                "Memory load + display a \(sessionCount)-session timetable: peak resident \(ResidentMemory.megabytes(peak)) vs \(ResidentMemory.megabytes(before)) before the load → +\(ResidentMemory.megabytes(max(0, peak - before))) (process baseline \(ResidentMemory.megabytes(processBaseline)), after seeding peak \(ResidentMemory.megabytes(seededPeak)); \(note))"
        )
    }
}
