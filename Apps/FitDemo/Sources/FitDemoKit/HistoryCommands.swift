import ArgumentParser
import Foundation

/// `fit-demo hiit`: the HIIT workout on a fast clock.
struct HIITCommand: DemoCommand {
    static let configuration = CommandConfiguration(
        commandName: "hiit", abstract: "Run the four-exercise HIIT workout (30 s each, on a clock 100× faster).",
        discussion: GlobalOptions.discussion)

    @ParentCommand var root: FitDemoCommand
    var options: GlobalOptions { root.options }

    func run(in context: DemoContext) async throws {
        _ = try await context.runHIIT()
    }
}

/// `fit-demo rate <exercise> <1-5>`.
struct RateCommand: DemoCommand {
    static let configuration = CommandConfiguration(
        commandName: "rate", abstract: "Rate an exercise from 1 to 5 and show every rating.",
        discussion: GlobalOptions.discussion)

    @ParentCommand var root: FitDemoCommand
    var options: GlobalOptions { root.options }

    @Argument(help: "The exercise: its name (\"sun salute\"), page number or id.")
    var exercise: String
    @Argument(help: "1 to 5.")
    var rating: String

    func checkArguments() throws { _ = try ArgumentValues.rating(rating) }

    func run(in context: DemoContext) async throws {
        try await context.rate(exercise, try ArgumentValues.rating(rating))
    }
}

/// `fit-demo history`.
struct HistoryCommand: DemoCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "The last 7 days of exercises as a bar chart (in your time zone).",
        discussion: GlobalOptions.discussion)

    @ParentCommand var root: FitDemoCommand
    var options: GlobalOptions { root.options }

    func run(in context: DemoContext) async throws {
        if !context.json {
            context.output.line("Exercises per day, \(context.member.displayName) (\(context.member.timeZone)):")
        }
        try await context.showHistory()
    }
}
