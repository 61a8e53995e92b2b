import Foundation

/// Reads one ``JSONValue`` as the Swift type a decoder asks for (``JSONValue``'s ``DirectValue`` conformance), exactly
/// as FitKit's `JSONDecoder` (``WireCoding/makeDecoder()``) reads the JSON text the value came from, or throws
/// ``DirectDecodingUnsupported`` so that `JSONDecoder` reads it instead.
///
/// It reads the values ``JSONReader`` gives (numbers are integers of at most 18 digits): a string as `String` or,
/// through the wire's date format, `Date`; `true` and `false` as `Bool`; a number as any integer type it fits
/// exactly, as `Decimal`, or as `Double` or `Float` when the type holds it exactly; anything else (a mismatch, a
/// number that does not fit, a `URL`, `Data` or `[String: Value]`, which `JSONDecoder` reads its own way) it leaves
/// to `JSONDecoder`, so every error is `JSONDecoder`'s.
enum JSONBodyReading {
    static func bool(_ value: JSONValue) throws -> Bool {
        guard case .bool(let flag) = value else { throw DirectDecodingUnsupported() }
        return flag
    }

    static func string(_ value: JSONValue) throws -> String {
        guard case .string(let text) = value else { throw DirectDecodingUnsupported() }
        return text
    }

    /// Exact for every integer of up to 53 bits; larger ones are left to `JSONDecoder`.
    static func double(_ value: JSONValue) throws -> Double {
        let number = try int64(value)
        guard number.magnitude <= 1 << 53 else { throw DirectDecodingUnsupported() }
        return Double(number)
    }

    /// Exact for every integer of up to 24 bits; larger ones are left to `JSONDecoder`.
    static func float(_ value: JSONValue) throws -> Float {
        let number = try int64(value)
        guard number.magnitude <= 1 << 24 else { throw DirectDecodingUnsupported() }
        return Float(number)
    }

    /// The integer a number holds (``JSONReader`` reads integers of at most 18 digits, which `Int64` holds).
    static func int64(_ value: JSONValue) throws -> Int64 {
        guard case .number(let number) = value, let integer = Int64(number.description) else {
            throw DirectDecodingUnsupported()
        }
        return integer
    }

    /// `value` as `T` when `T` is read without its `init(from:)`: the common single values, a `UUID`, a `Date` or a
    /// `Decimal`; the types `JSONDecoder` reads its own way otherwise are left to it; `nil` for a type that decodes
    /// itself. Each cast follows a check that `T` is the very type cast to.
    static func directly<T: Decodable>(_ value: JSONValue, as type: T.Type) throws -> T? {
        if T.self == String.self { return try string(value) as? T }
        if T.self == Int.self { return try DirectInteger.narrow(int64(value), to: Int.self) as? T }
        if T.self == Bool.self { return try bool(value) as? T }
        if T.self == UUID.self {
            guard let id = UUIDText.uuid(try string(value)) else { throw DirectDecodingUnsupported() }
            return id as? T
        }
        if T.self == Date.self {
            guard let date = WireDate.date(from: try string(value)) else { throw DirectDecodingUnsupported() }
            return date as? T
        }
        if T.self == Decimal.self {
            guard case .number(let number) = value else { throw DirectDecodingUnsupported() }
            return number as? T
        }
        if T.self is any DecodedAsJSONDecodes.Type { throw DirectDecodingUnsupported() }
        return nil
    }
}
