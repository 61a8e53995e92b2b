import ArgumentParser

/// `fit-demo session <id>`: one class's details.
struct SessionCommand: DemoCommand {
    static let configuration = CommandConfiguration.demo(
        "session", abstract: "One class's details, the credit chip and what Book / Cancel would do.")

    @ParentCommand var root: FitDemoCommand

    @Argument(help: "The class session's id (from `fit-demo timetable`).")
    var sessionId: SessionID

    func run(in context: DemoContext) async throws {
        try await context.showSession(id: sessionId.uuid)
    }
}
