import FitCore

/// One row of an answer, for FitKit's direct decoder: an object whose keys are the answer's converted output names.
/// It is never null and no single value.
struct DecodedRow: DirectValue {
    let row: [DatabaseValue]
    let keys: RowKeys

    var decodesAsNull: Bool { false }
    func bool() throws -> Bool { throw DirectDecodingUnsupported() }
    func string() throws -> String { throw DirectDecodingUnsupported() }
    func double() throws -> Double { throw DirectDecodingUnsupported() }
    func float() throws -> Float { throw DirectDecodingUnsupported() }
    func int64() throws -> Int64 { throw DirectDecodingUnsupported() }

    /// The row decodes itself, unless `T` is one that JSON decoding reads its own way.
    func decoded<T: Decodable>(_ type: T.Type, codingPath: @autoclosure () -> [any CodingKey]) throws -> T {
        guard !(T.self is any DecodedAsJSONDecodes.Type) else { throw DirectDecodingUnsupported() }
        return try T(from: DirectDecoder(value: self, codingPath: codingPath()))
    }

    func keyedContainer<Key: CodingKey>(keyedBy type: Key.Type, codingPath: [any CodingKey]) throws
        -> KeyedDecodingContainer<Key>
    {
        keys.beginRow()
        return KeyedDecodingContainer(
            DirectKeyedContainer<Key>(object: RowMembers(row: row, columns: keys, codingPath: codingPath)))
    }

    func unkeyedContainer(codingPath: [any CodingKey]) throws -> any UnkeyedDecodingContainer {
        throw DirectDecodingUnsupported()
    }
}
