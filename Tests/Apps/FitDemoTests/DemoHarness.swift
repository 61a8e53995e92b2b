import FitDemoKit
import FitStores
import FitTesting
import Foundation

/// Runs fit-demo in-process at a fixed "now" (Thu 4 Jun 2026, 18:00 UTC: 7:00 PM in London, 2:00 PM in
/// New York) on an immediate clock, capturing standard output and error.
struct DemoHarness {
    static let now = Date(timeIntervalSince1970: 1_780_596_000)

    struct Run {
        let status: Int32
        let output: String
        let errors: String

        var errorLines: [String] { errors.split(separator: "\n").map(String.init) }
    }

    static func run(_ arguments: String...) async -> Run {
        await run(arguments)
    }

    static func run(_ arguments: [String], variables: [String: String] = [:]) async -> Run {
        let output = OutputBuffer()
        let errors = OutputBuffer()
        let environment = DemoEnvironment(
            output: output.sink, errorOutput: errors.sink, now: { now }, clock: ImmediateClock(), variables: variables)
        let status = await FitDemo.run(arguments: arguments, environment: environment)
        return Run(status: status, output: output.text, errors: errors.text)
    }

    /// Lower-case id text, as the demo prints and accepts it.
    static func id(_ id: UUID) -> String { id.uuidString.lowercased() }
}
