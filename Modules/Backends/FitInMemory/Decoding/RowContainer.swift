import FitCore

/// One row's columns by key: each value read by ``FieldReading``.
struct RowContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let row: [DatabaseValue]
    let index: Int?
    let keys: RowKeys

    var codingPath: [any CodingKey] { index.map { [DecodingIndexKey(intValue: $0)] } ?? [] }

    var allKeys: [Key] { keys.converted.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { keys.positions[key.stringValue] != nil }

    private func value(_ key: Key) throws -> DatabaseValue {
        guard let position = keys.positions[key.stringValue] else { throw DirectDecodingUnsupported() }
        return row[position]
    }

    func decodeNil(forKey key: Key) throws -> Bool { FieldReading.isNull(try value(key)) }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try FieldReading.bool(try value(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try FieldReading.string(try value(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try FieldReading.double(try value(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try FieldReading.json(try value(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try FieldReading.integer(try value(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try FieldReading.integer(try value(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try FieldReading.integer(try value(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try FieldReading.integer(try value(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try FieldReading.integer(try value(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try FieldReading.integer(try value(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try FieldReading.integer(try value(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try FieldReading.integer(try value(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try FieldReading.integer(try value(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try FieldReading.integer(try value(key)) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try FieldReading.value(try value(key), as: T.self)
    }

    /// The value at `key` unless it is missing or null; one lookup where the default asks three times.
    private func present(_ key: Key) -> DatabaseValue? {
        guard let position = keys.positions[key.stringValue] else { return nil }
        let value = row[position]
        return FieldReading.isNull(value) ? nil : value
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try present(key).map { value in try FieldReading.bool(value) }
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try present(key).map { value in try FieldReading.string(value) }
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try present(key).map { value in try FieldReading.double(value) }
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try present(key).map { value in try FieldReading.json(value) }
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try present(key).map { value in try FieldReading.integer(value) }
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try present(key).map { value in try FieldReading.integer(value) }
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try present(key).map { value in try FieldReading.integer(value) }
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try present(key).map { value in try FieldReading.integer(value) }
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try present(key).map { value in try FieldReading.integer(value) }
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try present(key).map { value in try FieldReading.integer(value) }
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try present(key).map { value in try FieldReading.integer(value) }
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try present(key).map { value in try FieldReading.integer(value) }
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try present(key).map { value in try FieldReading.integer(value) }
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try present(key).map { value in try FieldReading.integer(value) }
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try present(key).map { value in try FieldReading.value(value, as: T.self) }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw DirectDecodingUnsupported()
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DirectDecodingUnsupported()
    }

    func superDecoder() throws -> any Decoder { throw DirectDecodingUnsupported() }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw DirectDecodingUnsupported() }
}
