import FitDemoKit
import FitTesting
import Foundation
import Testing

@Suite("Bad arguments and refused actions")
struct ErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let message: String
        let status: Int32
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(
            arguments: ["book", "not-a-session"],
            message: "error: 'not-a-session' is not a session id (expected a UUID)", status: 1),
        Case(
            arguments: ["session", "5e550000-0000-4000-8000-000000000999"],
            message: "error: there is no class session with id 5e550000-0000-4000-8000-000000000999", status: 1),
        Case(arguments: ["book", DemoHarness.id(DemoSeed.hotYoga)], message: "error: that class is full", status: 1),
        Case(
            arguments: ["book", DemoHarness.id(DemoSeed.boxingBasics)],
            message: "error: that class has been cancelled by the studio", status: 1),
        Case(
            arguments: ["book", DemoHarness.id(DemoSeed.vinyasaFlow)],
            message: "error: you have already booked that class",
            status: 1),
        Case(
            arguments: ["cancel", "b0000000-0000-4000-8000-000000000002"],
            message:
                "error: you have no active booking with id b0000000-0000-4000-8000-000000000002 (see `fit-demo timetable`)",
            status: 1),
        Case(
            arguments: ["events", "add", "Party", "--date", "next friday"],
            message:
                "error: 'next friday' is not a date (expected YYYY-MM-DD, YYYY-MM-DDTHH:MM in your time zone, or ISO 8601 with a zone)",
            status: 1),
        Case(arguments: ["events", "add", "   "], message: "error: An event needs a title.", status: 1),
        Case(
            arguments: ["--member", "nobody"],
            message: "error: there is no member 'nobody' (members: Jordan Lee, Maya Thompson, Priya Shah)", status: 1),
        Case(
            arguments: ["rate", "plank", "3"],
            message: "error: there is no exercise 'plank' (exercises: Squat, Step Up, Burpee, Sun Salute)", status: 1),
        Case(
            arguments: ["rate", "squat", "6"],
            message: "error: '6' is not a rating (expected a whole number from 1 to 5)", status: 1),
        Case(
            arguments: ["workouts", "add", "Legs", "--exercise", "Squat"],
            message:
                "error: 'Squat' is not an exercise with sets (expected NAME:REPSxKG[,REPSxKG…], e.g. \"Deadlift:5x100,5x100\")",
            status: 1),
        Case(
            arguments: ["timetable", "--days", "30"], message: "error: --days must be between 1 and 14, not 30",
            status: 1),
        Case(
            arguments: ["book"], message: "error: Missing expected argument '<session-id>' (see `fit-demo --help`)",
            status: 64),
        Case(
            arguments: ["frobnicate"], message: "error: Unexpected argument 'frobnicate' (see `fit-demo --help`)",
            status: 64),
    ]

    #if !Postgres
        /// Built without the `Postgres` trait, `--database-url` says how to get PostgreSQL support.
        @Test func aDatabaseURLWithoutPostgresSupportSaysHowToGetIt() async throws {
            let run = await DemoHarness.run(["--database-url", "postgres://localhost/fitkit"])
            #expect(run.status == 1)
            #expect(
                run.errorLines == [
                    "error: PostgreSQL support is not built in: run `swift run --traits Postgres fit-demo --database-url postgres://…`"
                ])
            #expect(run.output.isEmpty)
        }
    #else
        /// Built with the `Postgres` trait, a URL that is not a PostgreSQL one is refused before connecting.
        @Test func aDatabaseURLThatIsNotPostgresIsOneClearLine() async throws {
            let run = await DemoHarness.run(["--database-url", "mysql://localhost/fitkit"])
            #expect(run.status == 1)
            #expect(run.errorLines.count == 1)
            #expect(run.errorLines.first?.hasPrefix("error: ") == true)
            #expect(run.output.isEmpty)
        }
    #endif

    @Test(arguments: cases)
    func printsOneClearLineAndExitsNonZero(_ testCase: Case) async throws {
        let run = await DemoHarness.run(testCase.arguments)
        #expect(run.status == testCase.status)
        #expect(run.errorLines == [testCase.message])
        #expect(run.output.isEmpty)
    }

    @Test func helpListsEverySubcommandAndSucceeds() async throws {
        let run = await DemoHarness.run("--help")
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        for name in [
            "timetable", "session", "book", "cancel", "credits", "events", "hiit", "rate", "history", "workouts",
        ] {
            #expect(run.output.contains("  \(name) "), "missing \(name)")
        }
        #expect(run.output.contains("--data-file <path>"))
    }
}
