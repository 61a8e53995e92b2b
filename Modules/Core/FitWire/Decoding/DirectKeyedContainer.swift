/// The keyed container of FitKit's one direct decoder (``DirectDecoder``): an object's members or a row's columns,
/// each read by its ``DirectValue``. A key that is missing is left to JSON decoding.
package struct DirectKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The members by converted key, and where the object sits.
    package let object: any DirectMembers

    /// Where the object sits.
    @inlinable package var codingPath: [any CodingKey] { object.codingPath }

    /// A container of `object`.
    ///
    /// - Parameter object: The object's members, which know where the object sits.
    @inlinable
    package init(object: any DirectMembers) {
        self.object = object
    }

    package var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

    @inlinable package func contains(_ key: Key) -> Bool { object.member(key.stringValue) != nil }

    @inlinable
    func value(_ key: Key) throws -> any DirectValue {
        guard let value = object.member(key.stringValue) else { throw DirectDecodingUnsupported() }
        return value
    }

    /// The member at `key` unless it is missing or null: one lookup where the protocol's default asks three times.
    @inlinable
    func present(_ key: Key) -> (any DirectValue)? {
        guard let value = object.member(key.stringValue), !value.decodesAsNull else { return nil }
        return value
    }

    @inlinable package func decodeNil(forKey key: Key) throws -> Bool { try value(key).decodesAsNull }

    @inlinable package func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key).bool() }
    @inlinable package func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key).string() }
    @inlinable package func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(key).double() }
    @inlinable package func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(key).float() }
    @inlinable package func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try DirectInteger.narrow(value(key).int64(), to: type)
    }
    @inlinable package func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try DirectInteger.narrow(value(key).int64(), to: type)
    }
    @inlinable package func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try DirectInteger.narrow(value(key).int64(), to: type)
    }
    @inlinable package func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try DirectInteger.narrow(value(key).int64(), to: type)
    }
    @inlinable package func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try DirectInteger.narrow(value(key).int64(), to: type)
    }
    @inlinable package func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try DirectInteger.narrow(value(key).int64(), to: type)
    }
    @inlinable package func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try DirectInteger.narrow(value(key).int64(), to: type)
    }
    @inlinable package func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try DirectInteger.narrow(value(key).int64(), to: type)
    }
    @inlinable package func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try DirectInteger.narrow(value(key).int64(), to: type)
    }
    @inlinable package func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try DirectInteger.narrow(value(key).int64(), to: type)
    }
    @inlinable
    package func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try value(key).decoded(T.self, codingPath: codingPath + [key])
    }

    @inlinable package func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let value = present(key) else { return nil }
        return try value.bool()
    }
    @inlinable package func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let value = present(key) else { return nil }
        return try value.string()
    }
    @inlinable package func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard let value = present(key) else { return nil }
        return try value.double()
    }
    @inlinable package func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        guard let value = present(key) else { return nil }
        return try value.float()
    }
    @inlinable package func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        guard let value = present(key) else { return nil }
        return try DirectInteger.narrow(value.int64(), to: type)
    }
    @inlinable package func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        guard let value = present(key) else { return nil }
        return try DirectInteger.narrow(value.int64(), to: type)
    }
    @inlinable package func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        guard let value = present(key) else { return nil }
        return try DirectInteger.narrow(value.int64(), to: type)
    }
    @inlinable package func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        guard let value = present(key) else { return nil }
        return try DirectInteger.narrow(value.int64(), to: type)
    }
    @inlinable package func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        guard let value = present(key) else { return nil }
        return try DirectInteger.narrow(value.int64(), to: type)
    }
    @inlinable package func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        guard let value = present(key) else { return nil }
        return try DirectInteger.narrow(value.int64(), to: type)
    }
    @inlinable package func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        guard let value = present(key) else { return nil }
        return try DirectInteger.narrow(value.int64(), to: type)
    }
    @inlinable package func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        guard let value = present(key) else { return nil }
        return try DirectInteger.narrow(value.int64(), to: type)
    }
    @inlinable package func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        guard let value = present(key) else { return nil }
        return try DirectInteger.narrow(value.int64(), to: type)
    }
    @inlinable package func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        guard let value = present(key) else { return nil }
        return try DirectInteger.narrow(value.int64(), to: type)
    }
    @inlinable
    package func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = present(key) else { return nil }
        return try value.decoded(T.self, codingPath: codingPath + [key])
    }

    @inlinable
    package func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try value(key).keyedContainer(keyedBy: type, codingPath: codingPath + [key])
    }

    @inlinable
    package func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try value(key).unkeyedContainer(codingPath: codingPath + [key])
    }

    package func superDecoder() throws -> any Decoder { throw DirectDecodingUnsupported() }
    package func superDecoder(forKey key: Key) throws -> any Decoder { throw DirectDecodingUnsupported() }
}
