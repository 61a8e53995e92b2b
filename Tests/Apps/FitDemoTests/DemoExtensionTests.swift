import ArgumentParser
import FitDemoKit
import FitStores
import Foundation
import Testing

/// What an app adds to fit-demo (its subcommands and tour sections), as Examples/Memberships does with its feature.
@Suite("Extending fit-demo")
struct DemoExtensionTests {
    /// `fit-demo hello`: greets the member.
    struct HelloCommand: DemoCommand {
        static let configuration = CommandConfiguration(commandName: "hello", abstract: "Greets the member.")
        @ParentCommand var root: FitDemoCommand

        func run(in context: DemoContext) async throws {
            context.output.line("Hello, \(context.member.displayName).")
        }
    }

    struct Refusal: Error, CustomStringConvertible {
        var description: String { "the app's step refused" }
    }

    static let greeting = DemoExtension(
        commands: [HelloCommand.self],
        tourSections: [
            DemoTourSection("Greeting") { context in context.output.line("Hello, \(context.member.displayName).") },
            DemoTourSection("A step that fails") { _ in throw Refusal() },
        ])

    static func run(_ arguments: [String], extensions: [DemoExtension]) async -> (Int32, String, String) {
        let output = OutputBuffer()
        let errors = OutputBuffer()
        let environment = DemoEnvironment(
            output: output.sink, errorOutput: errors.sink, now: { DemoHarness.now }, clock: ImmediateClock())
        let status = await FitDemo.run(arguments: arguments, environment: environment, extensions: extensions)
        return (status, output.text, errors.text)
    }

    @Test func anAppsSubcommandRunsWithTheDemosContext() async {
        let (status, output, errors) = await Self.run(["hello", "--member", "Jordan"], extensions: [Self.greeting])
        #expect(status == 0, "\(errors)")
        #expect(output == "Hello, Jordan Lee.\n")
        // Without the extension, fit-demo does not know the command.
        let (without, _, refused) = await Self.run(["hello"], extensions: [])
        #expect(without == 64)
        #expect(refused.contains("Unexpected argument 'hello'"))
    }

    @Test func anAppsSectionsEndTheTourNumberedOnAndAFailingOneIsSkipped() async throws {
        let (status, output, errors) = await Self.run([], extensions: [Self.greeting])
        #expect(status == 0, "\(errors)")
        let lines = output.split(separator: "\n").map(String.init)
        let greeting = try #require(lines.firstIndex(of: "14. Greeting"))
        let failing = try #require(lines.firstIndex(of: "15. A step that fails"))
        #expect(try #require(lines.firstIndex { $0.hasPrefix("12. Waitlist") }) < greeting)
        #expect(lines[greeting + 2] == "Hello, Maya Thompson.")
        #expect(lines[failing + 2] == "  (skipped: the app's step refused)")
        #expect(output.contains("Done. Maya Thompson ends with"))
    }
}
