import FitCore

/// One stored value as a decoder, for types that decode themselves from a single value (an enumeration with raw
/// values, a wrapper): its container reads the value through ``FieldReading``.
struct FieldDecoder: Decoder, SingleValueDecodingContainer {
    let value: DatabaseValue

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw DirectDecodingUnsupported()
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw DirectDecodingUnsupported() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { FieldReading.isNull(value) }
    func decode(_ type: Bool.Type) throws -> Bool { try FieldReading.bool(value) }
    func decode(_ type: String.Type) throws -> String { try FieldReading.string(value) }
    func decode(_ type: Double.Type) throws -> Double { try FieldReading.double(value) }
    func decode(_ type: Float.Type) throws -> Float { try FieldReading.json(value) }
    func decode(_ type: Int.Type) throws -> Int { try FieldReading.integer(value) }
    func decode(_ type: Int8.Type) throws -> Int8 { try FieldReading.integer(value) }
    func decode(_ type: Int16.Type) throws -> Int16 { try FieldReading.integer(value) }
    func decode(_ type: Int32.Type) throws -> Int32 { try FieldReading.integer(value) }
    func decode(_ type: Int64.Type) throws -> Int64 { try FieldReading.integer(value) }
    func decode(_ type: UInt.Type) throws -> UInt { try FieldReading.integer(value) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try FieldReading.integer(value) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try FieldReading.integer(value) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try FieldReading.integer(value) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try FieldReading.integer(value) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try FieldReading.value(value, as: T.self) }
}
