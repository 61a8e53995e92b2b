import FitCore
import Foundation
import History

/// What `hiit --json` prints.
struct HIITReport: Encodable {
    struct ExerciseRun: Encodable {
        var name: String
        var seconds: Int
        /// The remaining seconds the countdown showed, first to last (ending at 0).
        var countdown: [Int]
    }

    var exercises: [ExerciseRun]
    var highFive: Bool
    var completedToday: Int
}

extension DemoContext {
    /// Runs the whole HIIT workout through ``HIITSessionStore`` on the environment's (fast) clock: Get
    /// Started, each exercise's countdown to 0, Done, and High Five. Each Done records the exercise.
    func runHIIT() async throws -> HIITReport {
        let recorder = CountdownRecorder()
        let clock = reportingSleeps(of: environment.clock) { recorder.tick() }
        let queries = HistoryQueries(client: client)
        let history = HistoryStore(queries: queries, timeZone: memberTimeZone, now: environment.now)
        let session = HIITSessionStore(queries: queries, history: history, clock: clock)
        recorder.attach(session)
        await history.load()
        await session.load()
        if let error = history.error ?? session.error { throw error }
        try session.getStarted()
        var runs: [HIITReport.ExerciseRun] = []
        let count = session.exercises.count
        while let exercise = session.currentExercise, !session.isShowingHighFive {
            if !json {
                output.write(
                    "  \(exercise.position)/\(count) \(TextLayout.column(exercise.name, 11)) \(exercise.durationSeconds) s  "
                )
            }
            recorder.begin(live: json ? nil : output)
            try await session.start()
            let values = recorder.finish(final: session.remainingSeconds ?? 0)
            runs.append(.init(name: exercise.name, seconds: exercise.durationSeconds, countdown: values))
            try await session.done()
        }
        let highFive = session.isShowingHighFive
        session.dismissHighFive()
        let today = CalendarDay(containing: now, in: history.calendar)
        let completedToday = history.days.first { $0.day == today }?.entries.count ?? 0
        let report = HIITReport(exercises: runs, highFive: highFive, completedToday: completedToday)
        if json {
            try emitJSON(report)
        } else if highFive {
            let seconds = runs.reduce(0) { $0 + $1.seconds }
            output.line(
                "  🙌 High Five! \(runs.count) exercises, \(seconds / 60):\(String(format: "%02d", seconds % 60)) of work · \(completedToday) done today"
            )
        }
        return report
    }
}
