import Foundation

/// The one JSON encoder and decoder configuration shared by every backend and feature:
/// snake_case keys on the wire, camelCase in Swift, ISO 8601 dates (see ``WireDate``).
public enum WireCoding {
    /// A decoder for wire JSON. `JSONDecoder` is `Sendable`; build one per call site, not per row.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
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
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(WireDate.string(from: date))
        }
        return encoder
    }

    static let sharedDecoder = makeDecoder()
    static let sharedEncoder = makeEncoder()

    /// Encodes any `Encodable` to a ``JSONValue`` with the wire conventions.
    public static func jsonValue(of value: some Encodable) throws -> JSONValue {
        let data = try sharedEncoder.encode(value)
        return try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// Decodes a ``JSONValue`` into `T` with the wire conventions.
    public static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try sharedDecoder.decode(T.self, from: JSONWriter.data(value))
    }
}
