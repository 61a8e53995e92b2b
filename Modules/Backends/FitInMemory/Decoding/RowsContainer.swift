import FitCore

/// The rows of an answer, in order, each decoded as a keyed row.
struct RowsContainer: UnkeyedDecodingContainer {
    let rows: [[DatabaseValue]]
    let keys: RowKeys
    private(set) var currentIndex = 0

    init(rows: [[DatabaseValue]], keys: RowKeys) {
        self.rows = rows
        self.keys = keys
    }

    var codingPath: [any CodingKey] { [] }
    var count: Int? { rows.count }
    var isAtEnd: Bool { currentIndex >= rows.count }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { throw DirectDecodingUnsupported() }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !isAtEnd, !(T.self is any DecodedAsJSONDecodes.Type) else { throw DirectDecodingUnsupported() }
        let value = try T(from: RowDecoder(row: rows[currentIndex], index: currentIndex, keys: keys))
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        guard !isAtEnd else { throw DirectDecodingUnsupported() }
        let container = try RowDecoder(row: rows[currentIndex], index: currentIndex, keys: keys)
            .container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw DirectDecodingUnsupported() }
    mutating func superDecoder() throws -> any Decoder { throw DirectDecodingUnsupported() }
}
