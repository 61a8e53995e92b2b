import ArgumentParser

/// `fit-demo events list|add|edit|delete`: the member's countdowns.
struct EventsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration.demo(
        "events", abstract: "Personal countdown events.", subcommands: [List.self, Add.self, Edit.self, Delete.self],
        defaultSubcommand: List.self)

    /// `events list`.
    struct List: DemoCommand {
        static let configuration = CommandConfiguration.demo(
            abstract: "The events, soonest first, with relative dates.")

        @ParentCommand var root: FitDemoCommand

        func run(in context: DemoContext) async throws {
            try context.showEvents(try await context.loadEvents())
        }
    }

    /// `events add [title]`.
    struct Add: DemoCommand {
        static let configuration = CommandConfiguration.demo(
            abstract: "Add an event, or count down to a class with --class.")

        @ParentCommand var root: FitDemoCommand

        @Argument(help: "The title (defaults to the class name with --class).")
        var title: String?
        @OptionGroup var event: EventOptions
        @Option(name: .customLong("class"), help: "A class session id: count down to its start.")
        var classId: SessionID?

        func run(in context: DemoContext) async throws {
            let added = try await context.addEvent(
                title: title, date: event.date, color: event.color, countingDownTo: classId?.uuid)
            try context.printEvent("Added", added)
        }
    }

    /// `events edit <id>`: at least one of `--title`, `--date` and `--color`.
    struct Edit: DemoCommand {
        static let configuration = CommandConfiguration.demo(abstract: "Change an event's title, date or colour.")

        @ParentCommand var root: FitDemoCommand

        @Argument(help: "The event's id (from `fit-demo events list`).")
        var eventId: EventID
        @Option(help: "A new title.")
        var title: String?
        @OptionGroup var event: EventOptions

        func validate() throws {
            if title == nil, event.date == nil, event.color == nil { throw DemoError.nothingToEdit }
        }

        func run(in context: DemoContext) async throws {
            let saved = try await context.editEvent(eventId.uuid, title: title, date: event.date, color: event.color)
            try context.printEvent("Saved", saved)
        }
    }

    /// `events delete <id>`.
    struct Delete: DemoCommand {
        static let configuration = CommandConfiguration.demo(abstract: "Delete an event.")

        @ParentCommand var root: FitDemoCommand

        @Argument(help: "The event's id (from `fit-demo events list`).")
        var eventId: EventID

        func run(in context: DemoContext) async throws {
            try await context.deleteEvent(eventId.uuid)
        }
    }
}
