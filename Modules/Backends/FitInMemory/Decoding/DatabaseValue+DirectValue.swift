import FitCore

/// A stored value, decoded by FitKit's direct decoder as JSON decoding decodes the JSON the engine writes for it
/// (``FieldReading``). It has no members or elements to read directly.
extension DatabaseValue: DirectValue {
    package var decodesAsNull: Bool { FieldReading.isNull(self) }
    package func bool() throws -> Bool { try FieldReading.bool(self) }
    package func string() throws -> String { try FieldReading.string(self) }
    package func double() throws -> Double { try FieldReading.double(self) }
    package func float() throws -> Float { try FieldReading.json(self) }
    package func int64() throws -> Int64 { try FieldReading.integer(self) }

    package func decoded<T: Decodable>(_ type: T.Type, codingPath: @autoclosure () -> [any CodingKey]) throws -> T {
        try FieldReading.value(self, as: type, codingPath: codingPath())
    }

    package func keyedContainer<Key: CodingKey>(keyedBy type: Key.Type, codingPath: [any CodingKey]) throws
        -> KeyedDecodingContainer<Key>
    {
        throw DirectDecodingUnsupported()
    }

    package func unkeyedContainer(codingPath: [any CodingKey]) throws -> any UnkeyedDecodingContainer {
        throw DirectDecodingUnsupported()
    }
}
