import Foundation

/// Decodes response bodies, once for every backend, and turns `DecodingError` into a
/// ``ResponseDecodingError`` that names the table and the column.
public enum ResponseDecoder {
    private static let decoder = WireCoding.makeDecoder()

    /// Decodes `data` as `T`; `source` is the table, view or function the body came from.
    ///
    /// - Parameters:
    ///   - type: The type to decode: an array of rows, one row, an optional row or a function's result.
    ///   - data: The UTF-8 JSON body; an empty body (a write with minimal return) reads as `null`.
    ///   - source: The table, view or function the body came from, named in any error.
    /// - Returns: The decoded value, with snake_case keys and ISO 8601 dates read as ``/FitWire/WireDate`` reads them.
    /// - Throws: ``ResponseDecodingError`` naming `source` and the snake_case column (or JSON path) when the body does
    ///   not decode as `T`; an error thrown by `T`'s own `init(from:)` that is not a `DecodingError` (such as Events'
    ///   `EventValidationError`) is rethrown as it is.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data, source: String) throws -> T {
        // Straight from the parsed values when they promise `JSONDecoder`'s result (most bodies); otherwise, and
        // for every error, `JSONDecoder` itself.
        if !data.isEmpty, let value = DirectJSONDecoding.decode(T.self, from: data) { return value }
        do {
            return try decoder.decode(T.self, from: data.isEmpty ? Data("null".utf8) : data)
        } catch let error as DecodingError {
            throw describe(error, source: source)
        }
    }

    /// Decodes a backend's answer as `T`: straight from the backend's values when it gave them (see
    /// ``ResponseValues``), otherwise from its JSON body, with the same result and errors either way.
    ///
    /// - Parameters:
    ///   - type: The type to decode: an array of rows, one row, an optional row or a function's result.
    ///   - response: The backend's answer.
    ///   - source: The table, view or function the body came from, named in any error.
    /// - Returns: The decoded value.
    /// - Throws: What ``decode(_:from:source:)`` throws for the answer's JSON body.
    public static func decode<T: Decodable>(_ type: T.Type, from response: RawResponse, source: String) throws -> T {
        if let values = response.values, let value = try? values.decode(T.self) {
            return value
        }
        return try decode(T.self, from: response.data, source: source)
    }

    static func describe(_ error: DecodingError, source: String) -> ResponseDecodingError {
        func column(_ path: [any CodingKey]) -> String? {
            let names = path.filter { $0.intValue == nil }.map { snakeCase($0.stringValue) }
            return names.isEmpty ? nil : names.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let path = column(context.codingPath + [key])
            return ResponseDecodingError(table: source, column: path, reason: "the column is missing")
        case .valueNotFound(let type, let context):
            return ResponseDecodingError(
                table: source, column: column(context.codingPath), reason: "expected \(type), found null")
        case .typeMismatch(let type, let context):
            return ResponseDecodingError(
                table: source, column: column(context.codingPath),
                reason: "expected \(type): \(context.debugDescription)")
        case .dataCorrupted(let context):
            return ResponseDecodingError(
                table: source, column: column(context.codingPath), reason: context.debugDescription)
        @unknown default:
            return ResponseDecodingError(table: source, column: nil, reason: String(describing: error))
        }
    }

    /// `sessionId` → `session_id`, matching the wire's naming.
    static func snakeCase(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isUppercase {
                if !result.isEmpty { result.append("_") }
                result.append(contentsOf: character.lowercased())
            } else {
                result.append(character)
            }
        }
        return result
    }
}
