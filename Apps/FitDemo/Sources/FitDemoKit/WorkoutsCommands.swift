import ArgumentParser
import Foundation
import History

/// `fit-demo workouts list|add`: the strength log.
struct WorkoutsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workouts", abstract: "The strength-workout log.", subcommands: [List.self, Add.self],
        defaultSubcommand: List.self)

    /// `workouts list`.
    struct List: DemoCommand {
        static let configuration = CommandConfiguration(
            abstract: "Workouts, newest first, with their totals.", discussion: GlobalOptions.discussion)

        @ParentCommand var root: FitDemoCommand
        var options: GlobalOptions { root.options }

        func run(in context: DemoContext) async throws {
            try context.showWorkouts(try await context.loadWorkouts())
        }
    }

    /// `workouts add`.
    struct Add: DemoCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Log a workout: workouts add \"Pull Day\" --exercise \"Deadlift:5x100,5x100\" --exercise \"Row:10x50@60\".",
            discussion: GlobalOptions.discussion)

        @ParentCommand var root: FitDemoCommand
        var options: GlobalOptions { root.options }

        @Argument(help: "The workout's title.")
        var title: String
        @Option(
            name: .customLong("exercise"),
            help: ArgumentHelp("NAME:REPSxKG[@REST_SECONDS],… (repeat for more exercises).", valueName: "exercise"))
        var exercises: [String] = []
        @Option(help: "When: YYYY-MM-DD, YYYY-MM-DDTHH:MM (your time zone) or ISO 8601 (default: now).")
        var date: String?
        @Option(help: "Notes.")
        var notes = ""

        func checkArguments() throws {
            for exercise in exercises { _ = try ArgumentValues.exercise(exercise) }
            if let date { _ = try ArgumentValues.date(date, timeZone: .gmt) }
        }

        func run(in context: DemoContext) async throws {
            let draft = WorkoutDraft(
                title: title,
                performedAt: try date.map { try ArgumentValues.date($0, timeZone: context.memberTimeZone) }
                    ?? context.now,
                notes: notes, exercises: try exercises.map(ArgumentValues.exercise))
            let store = try await context.loadWorkouts()
            try context.printWorkout("Logged", try await store.create(draft))
        }
    }
}
