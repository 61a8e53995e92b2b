import FitCore

/// A ``RowValues`` answer, for FitKit's direct decoder: an array of rows, or for `single()` and `maybeSingle()` one
/// row or `null`.
struct DecodedBody: DirectValue {
    let body: RowValues
    let keys: RowKeys

    /// `maybeSingle()` without a row.
    var decodesAsNull: Bool { body.isSingle && body.rows.isEmpty }
    func bool() throws -> Bool { throw DirectDecodingUnsupported() }
    func string() throws -> String { throw DirectDecodingUnsupported() }
    func double() throws -> Double { throw DirectDecodingUnsupported() }
    func float() throws -> Float { throw DirectDecodingUnsupported() }
    func int64() throws -> Int64 { throw DirectDecodingUnsupported() }

    /// The body decodes itself (an optional row's `init(from:)` asks for a single value first), unless it is
    /// `maybeSingle()` without a row or `T` is one that JSON decoding reads its own way.
    func decoded<T: Decodable>(_ type: T.Type, codingPath: @autoclosure () -> [any CodingKey]) throws -> T {
        guard !decodesAsNull, !(T.self is any DecodedAsJSONDecodes.Type) else { throw DirectDecodingUnsupported() }
        return try T(from: DirectDecoder(value: self, codingPath: codingPath()))
    }

    func keyedContainer<Key: CodingKey>(keyedBy type: Key.Type, codingPath: [any CodingKey]) throws
        -> KeyedDecodingContainer<Key>
    {
        guard body.isSingle, let row = body.rows.first else { throw DirectDecodingUnsupported() }
        return try DecodedRow(row: row, keys: keys).keyedContainer(keyedBy: type, codingPath: codingPath)
    }

    func unkeyedContainer(codingPath: [any CodingKey]) throws -> any UnkeyedDecodingContainer {
        guard !body.isSingle else { throw DirectDecodingUnsupported() }
        return DirectUnkeyedContainer(
            elements: body.rows.map { DecodedRow(row: $0, keys: keys) }, codingPath: codingPath)
    }
}
