import FitCore
import Foundation

/// The JSON file an in-memory database was kept in before FitKit kept it in SQLite (format
/// `fitkit-in-memory-database`, version 1): read once, when ``PersistenceFile`` converts it.
enum LegacyJSONFile {
    static let format = "fitkit-in-memory-database"
    static let version = 1

    /// The tables in the file at `url` (table name → array of row objects).
    ///
    /// - Throws: ``PersistenceError/corrupt(_:reason:)`` when the file is not a FitKit JSON database,
    ///   ``PersistenceError/unreadable(_:reason:)`` when it cannot be read.
    static func tables(at url: URL) throws(PersistenceError) -> [String: JSONValue] {
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw .unreadable(url, reason: error.localizedDescription) }
        guard let document = try? JSONValue(json: data) else {
            throw .corrupt(url, reason: "the file is not valid JSON (truncated or damaged)")
        }
        guard document["format"] == .string(format) else {
            throw .corrupt(url, reason: "the file is not a FitKit database (missing \"format\": \"\(format)\")")
        }
        guard document["version"] == .number(Decimal(version)) else {
            throw .corrupt(url, reason: "unsupported version \(document["version"].map { "\($0)" } ?? "none")")
        }
        guard case .object(let tables)? = document["tables"] else {
            throw .corrupt(url, reason: "\"tables\" is missing or not an object")
        }
        return tables
    }
}
