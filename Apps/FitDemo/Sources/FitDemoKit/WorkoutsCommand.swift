import ArgumentParser
import History

/// `fit-demo workouts list|add`: the strength log.
struct WorkoutsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration.demo(
        "workouts", abstract: "The strength-workout log.", subcommands: [List.self, Add.self],
        defaultSubcommand: List.self)

    /// `workouts list`.
    struct List: DemoCommand {
        static let configuration = CommandConfiguration.demo(abstract: "Workouts, newest first, with their totals.")

        @ParentCommand var root: FitDemoCommand

        func run(in context: DemoContext) async throws {
            try context.showWorkouts(try await context.loadWorkouts())
        }
    }

    /// `workouts add <title> --exercise …`.
    struct Add: DemoCommand {
        static let configuration = CommandConfiguration.demo(
            abstract:
                "Log a workout: workouts add \"Pull Day\" --exercise \"Deadlift:5x100,5x100\" --exercise \"Row:10x50@60\"."
        )

        @ParentCommand var root: FitDemoCommand

        @Argument(help: "The workout's title.")
        var title: String
        @Option(
            name: .customLong("exercise"),
            help: ArgumentHelp("NAME:REPSxKG[@REST_SECONDS],… (repeat for more exercises).", valueName: "exercise"))
        var exercises: [WorkoutExercise] = []
        @Option(help: "When: YYYY-MM-DD, YYYY-MM-DDTHH:MM (your time zone) or ISO 8601 (default: now).")
        var date: DateArgument?
        @Option(help: "Notes.")
        var notes = ""

        func run(in context: DemoContext) async throws {
            let logged = try await context.logWorkout(title: title, at: date, notes: notes, exercises: exercises)
            try context.printWorkout("Logged", logged)
        }
    }
}
