import Foundation

/// Decodes a response body read by ``JSONReader`` straight from its ``JSONValue``s, giving exactly what FitKit's
/// `JSONDecoder` (``WireCoding/makeDecoder()``: snake_case keys, the wire's dates) gives for the same text, or
/// throwing ``DirectDecodingUnsupported`` for anything it does not read itself, so that ``ResponseDecoder`` asks
/// `JSONDecoder` and its value or error is the answer. It is a speed-up only, because `JSONDecoder` is a large share
/// of the caller's time for a function call's answer through FitPostgres (see `Benchmarks/README.md`).
///
/// What it reads as `JSONDecoder` does: objects through keyed containers whose keys are the body's keys converted
/// from snake_case (an object two of whose keys convert to the same name is left to `JSONDecoder`), arrays through
/// unkeyed containers, and single values as ``JSONBodyReading`` says.
struct JSONBodyDecoder: Decoder, SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// A decoder for `value` at `key` below this one.
    func child(_ value: JSONValue, at key: any CodingKey) -> JSONBodyDecoder {
        JSONBodyDecoder(value: value, codingPath: codingPath + [key])
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw DirectDecodingUnsupported() }
        return KeyedDecodingContainer(try JSONBodyKeyedContainer<Key>(members: members, decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw DirectDecodingUnsupported() }
        return JSONBodyUnkeyedContainer(elements: elements, decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { value == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try JSONBodyReading.bool(value) }
    func decode(_ type: String.Type) throws -> String { try JSONBodyReading.string(value) }
    func decode(_ type: Double.Type) throws -> Double { try JSONBodyReading.double(value) }
    func decode(_ type: Float.Type) throws -> Float { try JSONBodyReading.float(value) }
    func decode(_ type: Int.Type) throws -> Int { try JSONBodyReading.integer(value) }
    func decode(_ type: Int8.Type) throws -> Int8 { try JSONBodyReading.integer(value) }
    func decode(_ type: Int16.Type) throws -> Int16 { try JSONBodyReading.integer(value) }
    func decode(_ type: Int32.Type) throws -> Int32 { try JSONBodyReading.integer(value) }
    func decode(_ type: Int64.Type) throws -> Int64 { try JSONBodyReading.integer(value) }
    func decode(_ type: UInt.Type) throws -> UInt { try JSONBodyReading.integer(value) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try JSONBodyReading.integer(value) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try JSONBodyReading.integer(value) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try JSONBodyReading.integer(value) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try JSONBodyReading.integer(value) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONBodyReading.value(value, as: T.self, decoder: self)
    }
}
