import ArgumentParser
import Events
import Foundation
import SessionDetails

/// `fit-demo events list|add|edit|delete`: the member's countdowns.
struct EventsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events", abstract: "Personal countdown events.",
        subcommands: [List.self, Add.self, Edit.self, Delete.self], defaultSubcommand: List.self)

    /// `events list`.
    struct List: DemoCommand {
        static let configuration = CommandConfiguration(
            abstract: "The events, soonest first, with relative dates.", discussion: GlobalOptions.discussion)

        @ParentCommand var root: FitDemoCommand
        var options: GlobalOptions { root.options }

        func run(in context: DemoContext) async throws {
            try context.showEvents(try await context.loadEvents())
        }
    }

    /// `events add`.
    struct Add: DemoCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add an event, or count down to a class with --class.", discussion: GlobalOptions.discussion)

        @ParentCommand var root: FitDemoCommand
        var options: GlobalOptions { root.options }

        @Argument(help: "The title (defaults to the class name with --class).")
        var title: String?
        @Option(help: "When: YYYY-MM-DD, YYYY-MM-DDTHH:MM (your time zone) or ISO 8601.")
        var date: String?
        @Option(help: "Text colour, #RRGGBBAA.")
        var color: String?
        @Option(name: .customLong("class"), help: "A class session id: count down to its start.")
        var classId: String?

        func checkArguments() throws {
            if let date { _ = try ArgumentValues.date(date, timeZone: .gmt) }
            if let color { _ = try ArgumentValues.color(color) }
            if let classId { _ = try ArgumentValues.id(classId, kind: "session") }
        }

        func run(in context: DemoContext) async throws {
            var form = EventForm(mode: .add, defaultDate: context.now)
            if let classId {
                let id = try ArgumentValues.id(classId, kind: "session")
                guard let session = try await SessionDetailsQueries(client: context.client).getSession(by: id),
                    let entry = BookedClassEntry(session)
                else { throw DemoError.unknownSession(id) }
                let event = Event(calendarEntry: entry)
                form.title = event.title
                form.date = event.date
            }
            if let title { form.title = title }
            if let date { form.date = try ArgumentValues.date(date, timeZone: context.memberTimeZone) }
            if let color { form.textColor = try ArgumentValues.color(color) }
            let store = try await context.loadEvents()
            try context.printEvent("Added", try await store.add(try form.save()))
        }
    }

    /// `events edit <id>`.
    struct Edit: DemoCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change an event's title, date or colour.", discussion: GlobalOptions.discussion)

        @ParentCommand var root: FitDemoCommand
        var options: GlobalOptions { root.options }

        @Argument(help: "The event's id (from `fit-demo events list`).")
        var eventId: String
        @Option(help: "A new title.")
        var title: String?
        @Option(help: "A new date: YYYY-MM-DD, YYYY-MM-DDTHH:MM (your time zone) or ISO 8601.")
        var date: String?
        @Option(help: "A new text colour, #RRGGBBAA.")
        var color: String?

        func checkArguments() throws {
            _ = try ArgumentValues.id(eventId, kind: "event")
            if let date { _ = try ArgumentValues.date(date, timeZone: .gmt) }
            if let color { _ = try ArgumentValues.color(color) }
            if title == nil, date == nil, color == nil { throw DemoError.nothingToEdit }
        }

        func run(in context: DemoContext) async throws {
            let id = try ArgumentValues.id(eventId, kind: "event")
            let store = try await context.loadEvents()
            guard let event = store.events.first(where: { $0.id == id }) else { throw DemoError.unknownEvent(id) }
            var form = EventForm(mode: .edit(event), defaultDate: context.now)
            if let title { form.title = title }
            if let date { form.date = try ArgumentValues.date(date, timeZone: context.memberTimeZone) }
            if let color { form.textColor = try ArgumentValues.color(color) }
            try context.printEvent("Saved", try await store.update(try form.save()))
        }
    }

    /// `events delete <id>`.
    struct Delete: DemoCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete an event.", discussion: GlobalOptions.discussion)

        @ParentCommand var root: FitDemoCommand
        var options: GlobalOptions { root.options }

        @Argument(help: "The event's id (from `fit-demo events list`).")
        var eventId: String

        func checkArguments() throws { _ = try ArgumentValues.id(eventId, kind: "event") }

        func run(in context: DemoContext) async throws {
            let id = try ArgumentValues.id(eventId, kind: "event")
            let store = try await context.loadEvents()
            guard let event = store.events.first(where: { $0.id == id }) else { throw DemoError.unknownEvent(id) }
            try await store.delete(id: id)
            if context.json { return try context.emitJSON(["deleted": id]) }
            context.output.line("Deleted “\(event.title)” · \(store.events.count) events left")
        }
    }
}
