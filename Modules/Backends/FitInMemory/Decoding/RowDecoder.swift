import FitCore

/// One row, decoded as an object whose keys are the answer's converted output names.
struct RowDecoder: Decoder {
    let row: [DatabaseValue]
    /// The row's place in an array body; `nil` for a `single()` body.
    let index: Int?
    let keys: RowKeys

    var codingPath: [any CodingKey] { index.map { [DecodingIndexKey(intValue: $0)] } ?? [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowContainer<Key>(row: row, index: index, keys: keys))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw DirectDecodingUnsupported() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw DirectDecodingUnsupported() }
}
