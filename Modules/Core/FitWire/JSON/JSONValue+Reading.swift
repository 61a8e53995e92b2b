import Foundation

extension JSONValue {
    /// Reads one JSON document: the value, and for malformed text the error, that
    /// `JSONDecoder().decode(JSONValue.self, from: json)` gives, in a fraction of its time for the common documents
    /// (integers of up to 18 digits, valid UTF-8 strings, distinct keys); anything else is read by `JSONDecoder`.
    ///
    /// - Parameter json: The UTF-8 JSON text.
    /// - Throws: `DecodingError.dataCorrupted` when `json` is not JSON, as `JSONDecoder` says it.
    public init(json: Data) throws {
        if let value = json.withUnsafeBytes({ JSONReader.value($0.bindMemory(to: UInt8.self)) }) {
            self = value
        } else {
            self = try JSONDecoder().decode(JSONValue.self, from: json)
        }
    }
}
