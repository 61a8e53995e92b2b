import ArgumentParser

/// `fit-demo history`.
struct HistoryCommand: DemoCommand {
    static let configuration = CommandConfiguration.demo(
        "history", abstract: "The last 7 days of exercises as a bar chart (in your time zone).")

    @ParentCommand var root: FitDemoCommand

    func run(in context: DemoContext) async throws {
        if !context.json {
            context.output.line("Exercises per day, \(context.member.displayName) (\(context.member.timeZone)):")
        }
        try await context.showHistory()
    }
}
