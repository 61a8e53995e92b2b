import Foundation

/// A JSON document as a value: what travels between FitCore and a backend.
///
/// Numbers are `Decimal` so that money-like values (credits) survive the trip exactly.
public enum JSONValue: Sendable, Hashable {
    /// JSON `null` (SQL `NULL`).
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as `Decimal` so credits survive exactly.
    case number(Decimal)
    /// A string; dates travel as ISO 8601 strings (``WireDate``).
    case string(String)
    /// An array, e.g. the rows of a response.
    case array([JSONValue])
    /// An object, e.g. one row with snake_case column names as keys.
    case object([String: JSONValue])

    /// The member named `key` when this is an object, else `nil`.
    ///
    /// - Parameter key: The member's name (a snake_case column name for a row).
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// Whether this is JSON `null`.
    public var isNull: Bool { self == .null }

    /// The string payload, if this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, if this is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }
}

extension JSONValue: Codable {
    /// Reads any JSON value, trying `null`, a string, a Boolean, a number (as `Decimal`), an object and an array in
    /// that order — the commonest kinds of a row's values first, since each miss costs a thrown error — so `true`
    /// stays a ``bool(_:)`` and `1` a ``number(_:)``.
    ///
    /// - Parameter decoder: The decoder to read one value from.
    /// - Throws: `DecodingError` when the value is none of these, which only a non-JSON decoder can produce.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Decimal.self) {
            self = .number(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else {
            self = .array(try container.decode([JSONValue].self))
        }
    }

    /// Writes the value as the JSON it stands for; numbers are written from their `Decimal`, so `0.1` stays `0.1`.
    ///
    /// - Parameter encoder: The encoder to write one value to.
    /// - Throws: The `EncodingError` that `encoder` throws for a value it cannot write.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByNilLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByFloatLiteral
{
    /// A ``string(_:)``: `let name: JSONValue = "Alice"`.
    ///
    /// - Parameter value: The string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A ``number(_:)``: `let capacity: JSONValue = 12`.
    ///
    /// - Parameter value: The integer, kept exactly.
    public init(integerLiteral value: Int) { self = .number(Decimal(value)) }
    /// A ``number(_:)`` read from the literal's shortest decimal text, so `0.1` is exactly 0.1, not the binary
    /// double's 0.1000000000000000055….
    ///
    /// - Parameter value: The number.
    public init(floatLiteral value: Double) { self = .number(Decimal(string: String(value)) ?? Decimal(value)) }
    /// A ``bool(_:)``: `let active: JSONValue = true`.
    ///
    /// - Parameter value: The Boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// ``null``: `let cancelledAt: JSONValue = nil`.
    ///
    /// - Parameter nilLiteral: The empty tuple the `nil` literal passes.
    public init(nilLiteral: ()) { self = .null }
    /// An ``array(_:)``: `let ids: JSONValue = [1, 2]`.
    ///
    /// - Parameter elements: The elements, in order.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An ``object(_:)``: `["session_id": "…"]`; when a key repeats, the last value wins.
    ///
    /// - Parameter elements: The members, as key–value pairs.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
