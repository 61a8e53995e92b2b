import FitCore
import Foundation

extension UUID {
    /// The id as a row holds it in JSON (lowercase text, as PostgreSQL writes a uuid).
    public var wire: JSONValue { .string(uuidString.lowercased()) }
}
