import ArgumentParser

/// `fit-demo watch`: follows the timetable and the member's credits and prints each change as it happens.
struct WatchCommand: DemoCommand {
    static let configuration = CommandConfiguration.demo(
        "watch",
        abstract:
            "Follow the timetable and your credits live; with --database-url, a `book` in another terminal shows up.")

    @ParentCommand var root: FitDemoCommand

    @Option(help: "How many days ahead (1–14).")
    var days = 7

    @Option(help: "Stop after this many changes (default: run until interrupted).")
    var changes: Int?

    func validate() throws {
        guard (1...14).contains(days) else { throw DemoError.badDayCount(days) }
        if let changes, changes < 1 { throw DemoError.badChangeCount(changes) }
    }

    func run(in context: DemoContext) async throws {
        try await context.watch(days: days, stopAfter: changes)
    }
}
