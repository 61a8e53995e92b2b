import Foundation

/// The one JSON encoder and decoder configuration shared by every backend and feature:
/// snake_case keys on the wire, camelCase in Swift, ISO 8601 dates (see ``WireDate``).
package enum WireCoding {
    /// A decoder for wire JSON. `JSONDecoder` is `Sendable`; build one per call site, not per row.
    ///
    /// - Returns: A new `JSONDecoder` that maps snake_case keys to camelCase properties and reads dates with
    ///   ``WireDate/date(from:)``, throwing `DecodingError.dataCorrupted` for text that is not an ISO 8601 date.
    package static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = SnakeCaseKeys.strategy
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = WireDate.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Expected an ISO 8601 date, found \"\(text)\"")
            }
            return date
        }
        return decoder
    }

    /// An encoder for wire JSON.
    ///
    /// - Returns: A new `JSONEncoder` that writes camelCase properties as snake_case keys, sorts the keys and writes
    ///   dates with ``WireDate/string(from:)`` (UTC, milliseconds).
    package static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(WireDate.string(from: date))
        }
        return encoder
    }

    /// The key a `Decodable` type's property is looked up by for a column or JSON key `name`, as the decoder of
    /// ``makeDecoder()`` converts it: `studio_id` → `studioId`.
    ///
    /// - Parameter name: A column name or JSON object key.
    /// - Returns: The converted key.
    package static func decodedKey(_ name: String) -> String {
        SnakeCaseKeys.camelCase(name)
    }

    static let sharedDecoder = makeDecoder()
    static let sharedEncoder = makeEncoder()

    /// Encodes any `Encodable` to a ``JSONValue`` with the wire conventions.
    ///
    /// - Parameter value: The value to encode: a row, an array of rows, or a function's arguments.
    /// - Returns: The JSON it encodes to, with snake_case keys and dates as ``WireDate`` text.
    /// - Throws: `EncodingError` when `JSONEncoder` cannot encode `value` (a non-finite `Double`), or whatever
    ///   `value`'s own `encode(to:)` throws.
    package static func jsonValue(of value: some Encodable) throws -> JSONValue {
        do {
            return try JSONValueEncoder.encode(value)
        } catch is JSONValueEncoder.Unsupported {
            let data = try sharedEncoder.encode(value)
            return try JSONValue(json: data)
        }
    }

    /// Decodes a ``JSONValue`` into `T` with the wire conventions.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - value: The JSON to read, with snake_case keys and ``WireDate`` dates.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError` when `value` does not fit `T` (a missing key, a wrong type, a date that is not
    ///   ISO 8601), or whatever `T`'s own `init(from:)` throws. Unlike ``ResponseDecoder``, it does not name a table.
    package static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try sharedDecoder.decode(T.self, from: JSONWriter.data(value))
    }
}
