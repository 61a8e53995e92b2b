import FitContract
import FitCore
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
        Case(
            arguments: ["book", DemoHarness.id(FitKitSeed.fixed.hotYoga)], message: "error: that class is full",
            status: 1),
        Case(
            arguments: ["book", DemoHarness.id(FitKitSeed.fixed.boxingBasics)],
            message: "error: that class has been cancelled by the studio", status: 1),
        Case(
            arguments: ["book", DemoHarness.id(FitKitSeed.fixed.vinyasaFlow)],
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
            message:
                "error: there is no member 'nobody' (members: Alice Adams, Bob Brown, Carol Clark, Jordan Lee, Maya Thompson, Priya Shah)",
            status: 1),
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
        // Each argument type refuses a malformed value with its own line, before anything is opened.
        Case(
            arguments: ["cancel", "b00k"], message: "error: 'b00k' is not a booking id (expected a UUID)", status: 1),
        Case(
            arguments: ["events", "delete", "last-one"],
            message: "error: 'last-one' is not an event id (expected a UUID)", status: 1),
        Case(
            arguments: ["events", "add", "--class", "spin"],
            message: "error: 'spin' is not a session id (expected a UUID)", status: 1),
        Case(
            arguments: ["events", "add", "Party", "--color", "red"],
            message: "error: 'red' is not a colour (expected #RRGGBBAA, e.g. #E4572EFF)", status: 1),
        Case(
            arguments: ["events", "edit", "e7e70000-0000-4000-8000-000000000002", "--color", "#FFF"],
            message: "error: '#FFF' is not a colour (expected #RRGGBBAA, e.g. #E4572EFF)", status: 1),
        Case(
            arguments: ["workouts", "add", "Legs", "--exercise", "Squat:5x100", "--date", "2026-02-30"],
            message:
                "error: '2026-02-30' is not a date (expected YYYY-MM-DD, YYYY-MM-DDTHH:MM in your time zone, or ISO 8601 with a zone)",
            status: 1),
        Case(
            arguments: ["rate", "squat", "three"],
            message: "error: 'three' is not a rating (expected a whole number from 1 to 5)", status: 1),
        Case(
            arguments: ["rate", "squat", "0"],
            message: "error: '0' is not a rating (expected a whole number from 1 to 5)", status: 1),
        Case(
            arguments: ["workouts", "add", "Legs", "--exercise", "Squat:@"],
            message:
                "error: 'Squat:@' is not an exercise with sets (expected NAME:REPSxKG[,REPSxKG…], e.g. \"Deadlift:5x100,5x100\")",
            status: 1),
        Case(
            arguments: ["workouts", "add", "Legs", "--exercise", "Squat:5x100", "--exercise", "Lunge:10"],
            message:
                "error: 'Lunge:10' is not an exercise with sets (expected NAME:REPSxKG[,REPSxKG…], e.g. \"Deadlift:5x100,5x100\")",
            status: 1),
        // A wall-clock time is read in the member's zone once the backend is open: London skips 1:30 on 29 March.
        Case(
            arguments: ["events", "add", "Early", "--date", "2026-03-29T01:30"],
            message:
                "error: '2026-03-29T01:30' is not a date (expected YYYY-MM-DD, YYYY-MM-DDTHH:MM in your time zone, or ISO 8601 with a zone)",
            status: 1),
        // Checks across arguments, in the command's validate().
        Case(
            arguments: ["events", "edit", "e7e70000-0000-4000-8000-000000000002"],
            message: "error: nothing to change: give --title, --date or --color", status: 1),
        Case(
            arguments: ["events", "delete", "e7e70000-0000-4000-8000-000000000999"],
            message:
                "error: you have no event with id e7e70000-0000-4000-8000-000000000999 (see `fit-demo events list`)",
            status: 1),
        Case(
            arguments: ["timetable", "--days", "0"], message: "error: --days must be between 1 and 14, not 0",
            status: 1),
        // ArgumentParser's own usage errors point to --help.
        Case(
            arguments: ["timetable", "--days", "many"],
            message: "error: The value 'many' is invalid for '--days <days>' (see `fit-demo --help`)", status: 64),
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

    @Test func versionPrintsTheRelease() async throws {
        let run = await DemoHarness.run("--version")
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        #expect(run.output == "\(FitKitVersion.current)\n")
    }

    @Test(arguments: [["book"], ["events", "edit"], ["workouts", "add"]])
    func subcommandHelpNamesTheGlobalOptions(_ command: [String]) async throws {
        let run = await DemoHarness.run(command + ["--help"])
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        #expect(run.output.contains("Global options (before or after the subcommand): --member <id or name>, --json"))
    }
}
