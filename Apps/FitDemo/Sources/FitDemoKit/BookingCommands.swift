import ArgumentParser
import Foundation

/// `fit-demo timetable`: the coming days' classes.
struct TimetableCommand: DemoCommand {
    static let configuration = CommandConfiguration(
        commandName: "timetable", abstract: "The classes of the coming days, grouped by day, with the session ids.",
        discussion: GlobalOptions.discussion)

    @ParentCommand var root: FitDemoCommand
    var options: GlobalOptions { root.options }

    @Option(help: "How many days ahead (1–14).")
    var days = 7

    func checkArguments() throws {
        guard (1...14).contains(days) else { throw DemoError.badDayCount(days) }
    }

    func run(in context: DemoContext) async throws {
        let timetable = try await context.loadTimetable(days: days)
        if context.json { return try context.emitJSON(timetable.sessions) }
        context.output.line(
            "Timetable for \(context.member.displayName), next \(days) days (times in each studio's zone):")
        context.printTimetable(timetable, ids: true)
    }
}

/// `fit-demo session <id>`: one class's details.
struct SessionCommand: DemoCommand {
    static let configuration = CommandConfiguration(
        commandName: "session", abstract: "One class's details, the credit chip and what Book / Cancel would do.",
        discussion: GlobalOptions.discussion)

    @ParentCommand var root: FitDemoCommand
    var options: GlobalOptions { root.options }

    @Argument(help: "The class session's id (from `fit-demo timetable`).")
    var sessionId: String

    func checkArguments() throws { _ = try ArgumentValues.id(sessionId, kind: "session") }

    func run(in context: DemoContext) async throws {
        try await context.showSession(id: ArgumentValues.id(sessionId, kind: "session"))
    }
}

/// `fit-demo book <session-id>`.
struct BookCommand: DemoCommand {
    static let configuration = CommandConfiguration(
        commandName: "book", abstract: "Book a class with credits and show the balance after.",
        discussion: GlobalOptions.discussion)

    @ParentCommand var root: FitDemoCommand
    var options: GlobalOptions { root.options }

    @Argument(help: "The class session's id (from `fit-demo timetable`).")
    var sessionId: String

    func checkArguments() throws { _ = try ArgumentValues.id(sessionId, kind: "session") }

    func run(in context: DemoContext) async throws {
        let report = try await context.book(sessionId: ArgumentValues.id(sessionId, kind: "session"))
        try context.printBooking(report)
    }
}

/// `fit-demo cancel <booking-id>`.
struct CancelCommand: DemoCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel",
        abstract: "Cancel a booking (full refund up to 12 hours before the class, none after).",
        discussion: GlobalOptions.discussion)

    @ParentCommand var root: FitDemoCommand
    var options: GlobalOptions { root.options }

    @Argument(help: "The booking's id, or the id of a class you booked.")
    var bookingId: String

    func checkArguments() throws { _ = try ArgumentValues.id(bookingId, kind: "booking") }

    func run(in context: DemoContext) async throws {
        let report = try await context.cancel(id: ArgumentValues.id(bookingId, kind: "booking"))
        try context.printCancellation(report)
    }
}

/// `fit-demo credits`.
struct CreditsCommand: DemoCommand {
    static let configuration = CommandConfiguration(
        commandName: "credits", abstract: "The credit balance, credits expiring soon and the ledger.",
        discussion: GlobalOptions.discussion)

    @ParentCommand var root: FitDemoCommand
    var options: GlobalOptions { root.options }

    func run(in context: DemoContext) async throws {
        try await context.showCredits()
    }
}
