import FitCore
import Foundation

/// Reads one stored value as the Swift type a decoder asks for, giving exactly what FitKit's JSON decoding gives
/// for the JSON the engine writes for that value (``RowValues/jsonData()``). The common pairs are read directly (a
/// `timestamp` as `Date`, a `uuid` as `UUID`, `text` as `String`, an `integer` as `Int`, …); any other pair decodes
/// that one value's JSON with ``FitCore/WireCoding``, so its meaning is JSON decoding's by construction.
enum FieldReading {
    /// Whether JSON decoding sees `null`: SQL NULL, or a `json` column holding `null`.
    static func isNull(_ value: DatabaseValue) -> Bool {
        switch value {
        case .null, .json(.null): true
        default: false
        }
    }

    static func bool(_ value: DatabaseValue) throws -> Bool {
        if case .bool(let flag) = value { return flag }
        return try json(value)
    }

    static func string(_ value: DatabaseValue) throws -> String {
        switch value {
        case .text(let text): return text
        case .uuid(let id): return id.uuidString.lowercased()
        case .timestamp(let date): return WireDate.string(from: date)
        default: return try json(value)
        }
    }

    static func double(_ value: DatabaseValue) throws -> Double {
        switch value {
        // The JSON is the shortest text that reads back as the same double: exact, away from Decimal's limits and
        // from a negative zero (written as 0).
        case .double(let number) where number.isFinite && abs(number) > 1e-100 && abs(number) < 1e100:
            return number
        case .integer(let number): return Double(number)
        default: return try json(value)
        }
    }

    static func integer(_ value: DatabaseValue) throws -> Int64 {
        if case .integer(let number) = value { return number }
        return try json(value)
    }

    /// `value` as `T`: directly when `T` is read without its `init(from:)`, else by `T`'s own `init(from:)` (an
    /// enumeration with raw values, a wrapper) given a ``/FitWire/DirectDecoder`` of the value. Each cast follows a
    /// check that `T` is the very type cast to.
    static func value<T: Decodable>(
        _ value: DatabaseValue, as type: T.Type, codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> T {
        switch value {
        case .timestamp(let date) where T.self == Date.self:
            guard let decoded = WireDate.decodedFromWire(date) else { throw DirectDecodingUnsupported() }
            return unsafeBitCast(decoded, to: T.self)
        case .uuid(let id) where T.self == UUID.self:
            return unsafeBitCast(id, to: T.self)
        case .numeric(let number) where T.self == Decimal.self:
            return unsafeBitCast(number, to: T.self)
        case .integer(let number) where T.self == Decimal.self:
            return unsafeBitCast(Decimal(number), to: T.self)
        case .null, .json, .array:
            return try json(value) as T
        default:
            break
        }
        if T.self == String.self { return unsafeBitCast(try string(value), to: T.self) }
        if T.self == Int.self {
            return unsafeBitCast(try DirectInteger.narrow(integer(value), to: Int.self), to: T.self)
        }
        if T.self == Bool.self { return unsafeBitCast(try bool(value), to: T.self) }
        if T.self == Double.self { return unsafeBitCast(try double(value), to: T.self) }
        if T.self is any DecodedAsJSONDecodes.Type { return try json(value) as T }
        return try T(from: DirectDecoder(value: value, codingPath: codingPath()))
    }

    /// `value`'s JSON decoded as FitKit decodes JSON.
    static func json<T: Decodable>(_ value: DatabaseValue) throws -> T {
        try WireCoding.decode(T.self, from: value.json)
    }
}
