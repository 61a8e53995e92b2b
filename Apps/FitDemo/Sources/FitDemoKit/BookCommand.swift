import ArgumentParser

/// `fit-demo book <session-id>`.
struct BookCommand: DemoCommand {
    static let configuration = CommandConfiguration.demo(
        "book", abstract: "Book a class with credits and show the balance after.")

    @ParentCommand var root: FitDemoCommand

    @Argument(help: "The class session's id (from `fit-demo timetable`).")
    var sessionId: SessionID

    func run(in context: DemoContext) async throws {
        try context.printBooking(try await context.book(sessionId: sessionId.uuid))
        root.options.noteIfNotKept(in: context)
    }
}
