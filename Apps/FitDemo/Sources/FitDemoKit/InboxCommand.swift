import ArgumentParser

/// `fit-demo inbox [read]`.
struct InboxCommand: DemoCommand {
    static let configuration = CommandConfiguration.demo(
        "inbox",
        abstract: "The member's inbox: promotions, pass-overs, closed lines, cancelled or moved classes, refunds.")

    @ParentCommand var root: FitDemoCommand

    @Argument(help: "show (the default), or read to mark every notification read.")
    var verb: InboxVerb = .show

    func run(in context: DemoContext) async throws {
        try await context.showInbox(markingRead: verb == .read)
    }
}

/// What `fit-demo inbox` does.
enum InboxVerb: String, CaseIterable, Sendable, ExpressibleByArgument {
    case show, read
}
