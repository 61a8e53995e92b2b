/// FitKit's one direct decoder: decodes a ``DirectValue`` (a JSON value, a stored value or row of the embedded
/// database) as a `Decodable` type, giving exactly what FitKit's JSON decoding gives for its JSON, or throwing
/// ``DirectDecodingUnsupported`` so that JSON decoding answers instead.
///
/// It holds its value as `any DirectValue`, not as a generic parameter: the container types it hands out are then
/// no generic instances the runtime looks up on every read (a `Decodable` type's reads are never specialized, its
/// keys being known only at run time).
package struct DirectDecoder: Decoder, SingleValueDecodingContainer {
    /// The value decoded.
    package let value: any DirectValue
    /// Where the value sits.
    package let codingPath: [any CodingKey]

    /// A decoder of `value`, which sits at `codingPath`.
    ///
    /// - Parameters:
    ///   - value: The value decoded.
    ///   - codingPath: Where it sits; empty for a whole body.
    @inlinable
    package init(value: any DirectValue, codingPath: [any CodingKey]) {
        self.value = value
        self.codingPath = codingPath
    }

    package var userInfo: [CodingUserInfoKey: Any] { [:] }

    @inlinable
    package func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try value.keyedContainer(keyedBy: type, codingPath: codingPath)
    }

    @inlinable
    package func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try value.unkeyedContainer(codingPath: codingPath)
    }

    package func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    @inlinable package func decodeNil() -> Bool { value.decodesAsNull }
    @inlinable package func decode(_ type: Bool.Type) throws -> Bool { try value.bool() }
    @inlinable package func decode(_ type: String.Type) throws -> String { try value.string() }
    @inlinable package func decode(_ type: Double.Type) throws -> Double { try value.double() }
    @inlinable package func decode(_ type: Float.Type) throws -> Float { try value.float() }
    @inlinable package func decode(_ type: Int.Type) throws -> Int { try DirectInteger.narrow(value.int64(), to: type) }
    @inlinable package func decode(_ type: Int8.Type) throws -> Int8 {
        try DirectInteger.narrow(value.int64(), to: type)
    }
    @inlinable package func decode(_ type: Int16.Type) throws -> Int16 {
        try DirectInteger.narrow(value.int64(), to: type)
    }
    @inlinable package func decode(_ type: Int32.Type) throws -> Int32 {
        try DirectInteger.narrow(value.int64(), to: type)
    }
    @inlinable package func decode(_ type: Int64.Type) throws -> Int64 {
        try DirectInteger.narrow(value.int64(), to: type)
    }
    @inlinable package func decode(_ type: UInt.Type) throws -> UInt {
        try DirectInteger.narrow(value.int64(), to: type)
    }
    @inlinable package func decode(_ type: UInt8.Type) throws -> UInt8 {
        try DirectInteger.narrow(value.int64(), to: type)
    }
    @inlinable package func decode(_ type: UInt16.Type) throws -> UInt16 {
        try DirectInteger.narrow(value.int64(), to: type)
    }
    @inlinable package func decode(_ type: UInt32.Type) throws -> UInt32 {
        try DirectInteger.narrow(value.int64(), to: type)
    }
    @inlinable package func decode(_ type: UInt64.Type) throws -> UInt64 {
        try DirectInteger.narrow(value.int64(), to: type)
    }
    @inlinable
    package func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try value.decoded(T.self, codingPath: codingPath)
    }
}
