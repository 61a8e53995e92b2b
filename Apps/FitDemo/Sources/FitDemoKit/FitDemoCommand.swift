import ArgumentParser
import FitCore

/// `fit-demo`: with no subcommand, the guided tour of every feature on a seeded studio.
public struct FitDemoCommand: AsyncParsableCommand, DemoCommand {
    /// FitKit's subcommands, then those of the run's ``DemoExtension``s.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "fit-demo",
            abstract: "FitKit's headless demo: a guided tour of every feature, or one feature at a time.",
            discussion: """
                With no subcommand, runs the guided tour on a fresh in-memory studio. The seed's default member is \
                Maya Thompson; try `--member Jordan`. Class times are shown in each studio's time zone, personal \
                dates in the member's. The tour always prints text; `--json` applies to the subcommands.
                """,
            version: FitKitVersion.current,
            subcommands: [
                TimetableCommand.self, SessionCommand.self, BookCommand.self, CancelCommand.self, CreditsCommand.self,
                EventsCommand.self, HIITCommand.self, RateCommand.self, HistoryCommand.self, WorkoutsCommand.self,
                WatchCommand.self, WaitlistCommand.self, InboxCommand.self, DeskCommand.self,
            ] + DemoExtension.installed.flatMap(\.commands)
        )
    }

    @OptionGroup var options: GlobalOptions

    public init() {}

    /// `fit-demo` itself.
    public var root: FitDemoCommand { self }

    /// Lets ArgumentParser's own `main()` run fit-demo too (the executable uses
    /// ``FitDemo/run(arguments:environment:extensions:)``).
    public mutating func run() async throws {
        let status = await FitDemo.execute(self, environment: .live())
        if status != 0 { throw ExitCode(status) }
    }

    /// Runs the guided tour, FitKit's sections and then the app's.
    ///
    /// - Parameter context: The run's backend, member and output.
    /// - Throws: What a section that cannot be skipped throws.
    public func run(in context: DemoContext) async throws {
        try await DemoTour(context: context.printingText()).run()
    }
}
