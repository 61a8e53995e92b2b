import Booking
import FitCore
import Foundation
import ScenarioBackends

/// One flow a feature module runs, reduced to comparable text: run on both backends over the same seed,
/// the lines must be identical (values, or error code and message).
struct ParityScenario: Sendable, CustomStringConvertible {
    let name: String
    let run: @Sendable (DatedSeed, any DatabaseClient) async -> [String]

    init(_ name: String, _ run: @escaping @Sendable (DatedSeed, any DatabaseClient) async -> [String]) {
        self.name = name
        self.run = run
    }

    var description: String { name }

    /// `describe(value)`, or the error as `error CODE: message` (Booking's errors by their code too; other typed
    /// errors by type and description, ids left out).
    static func outcome<T>(_ body: () async throws -> T, _ describe: (T) -> String) async -> String {
        do {
            return describe(try await body())
        } catch let error as DatabaseError {
            return "error \(error.code): \(error.message)"
        } catch let error as BookingError {
            return "error \(error.code): \(error.message)"
        } catch {
            // Feature errors name ids that each backend's run makes anew: compare them without the id.
            let text = "\(error)".replacing(
                /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/, with: "<id>")
            return "error \(type(of: error)): \(text)"
        }
    }

    static func wire(_ date: Date?) -> String { date.map(WireDate.string(from:)) ?? "nil" }
}
