import ArgumentParser

/// `fit-demo timetable`: the coming days' classes.
struct TimetableCommand: DemoCommand {
    static let configuration = CommandConfiguration.demo(
        "timetable", abstract: "The classes of the coming days, grouped by day, with the session ids.")

    @ParentCommand var root: FitDemoCommand

    @Option(help: "How many days ahead (1–14).")
    var days = 7

    func validate() throws {
        guard (1...14).contains(days) else { throw DemoError.badDayCount(days) }
    }

    func run(in context: DemoContext) async throws {
        try await context.showTimetable(days: days)
    }
}
