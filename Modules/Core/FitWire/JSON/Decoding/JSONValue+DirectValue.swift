/// A JSON value ``JSONReader`` read, decoded by FitKit's direct decoder as `JSONDecoder` with FitKit's strategies
/// would decode its text (``JSONBodyReading``).
extension JSONValue: DirectValue {
    package var decodesAsNull: Bool { self == .null }
    package func bool() throws -> Bool { try JSONBodyReading.bool(self) }
    package func string() throws -> String { try JSONBodyReading.string(self) }
    package func double() throws -> Double { try JSONBodyReading.double(self) }
    package func float() throws -> Float { try JSONBodyReading.float(self) }
    package func int64() throws -> Int64 { try JSONBodyReading.int64(self) }

    package func decoded<T: Decodable>(_ type: T.Type, codingPath: @autoclosure () -> [any CodingKey]) throws -> T {
        if let value = try JSONBodyReading.directly(self, as: type) { return value }
        return try T(from: DirectDecoder(value: self, codingPath: codingPath()))
    }

    package func keyedContainer<Key: CodingKey>(keyedBy type: Key.Type, codingPath: [any CodingKey]) throws
        -> KeyedDecodingContainer<Key>
    {
        guard case .object(let pairs) = self else { throw DirectDecodingUnsupported() }
        return KeyedDecodingContainer(
            DirectKeyedContainer<Key>(object: try JSONMembers(pairs, codingPath: codingPath)))
    }

    package func unkeyedContainer(codingPath: [any CodingKey]) throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = self else { throw DirectDecodingUnsupported() }
        return DirectUnkeyedContainer(elements: elements, codingPath: codingPath)
    }
}
