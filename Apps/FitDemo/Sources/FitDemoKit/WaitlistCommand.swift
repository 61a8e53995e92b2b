import ArgumentParser

/// `fit-demo waitlist show|join|leave <session-id>`.
struct WaitlistCommand: DemoCommand {
    static let configuration = CommandConfiguration.demo(
        "waitlist",
        abstract: "Show a full class's waitlist, join it (free) or leave it; a freed spot goes to the first in line.")

    @ParentCommand var root: FitDemoCommand

    @Argument(help: "show, join or leave.")
    var verb: WaitlistVerb

    @Argument(help: "The class's id (from `fit-demo timetable`).")
    var sessionId: SessionID

    func run(in context: DemoContext) async throws {
        try await context.runWaitlist(verb, sessionId: sessionId.uuid)
    }
}
