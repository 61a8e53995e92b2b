import ArgumentParser

/// `fit-demo desk [roster|cancel|capacity|refund-window]`: the studio's side, as a staff member.
struct DeskCommand: DemoCommand {
    static let configuration = CommandConfiguration.demo(
        "desk",
        abstract: "The studio's desk, as staff (the seed's Maya owns the London studio): rosters, cancelling a class "
            + "(every booking refunded), capacity, the refund window.")

    @ParentCommand var root: FitDemoCommand

    @Argument(help: "studios (the default), roster, cancel, capacity or refund-window.")
    var verb: DeskVerb = .studios

    @Argument(help: "The class's id (from `fit-demo timetable`), for roster, cancel and capacity.")
    var sessionId: SessionID?

    @Option(help: "The new capacity, for capacity.")
    var to: Int?

    @Option(help: "The studio's full-refund window in hours, for refund-window.")
    var hours: Int?

    func validate() throws {
        switch verb {
        case .studios: break
        case .roster, .cancel:
            guard sessionId != nil else { throw ValidationError("\(verb.rawValue) needs a class id") }
        case .capacity:
            guard sessionId != nil, to != nil else { throw ValidationError("capacity needs a class id and --to") }
        case .refundWindow:
            guard hours != nil else { throw ValidationError("refund-window needs --hours") }
        }
    }

    func run(in context: DemoContext) async throws {
        try await context.runDesk(verb, sessionId: sessionId?.uuid, capacity: to, hours: hours)
    }
}
