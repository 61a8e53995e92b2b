/// An object's members by their keys converted from snake_case, as `JSONDecoder` with FitKit's key strategy sees
/// them (``SnakeCaseKeys``).
struct JSONBodyKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The members by converted key.
    let members: [String: JSONValue]
    let decoder: JSONBodyDecoder

    /// - Throws: ``DirectDecodingUnsupported`` when two keys convert to the same name: which one `JSONDecoder` keeps
    ///   is its own business.
    init(members: [String: JSONValue], decoder: JSONBodyDecoder) throws {
        var converted: [String: JSONValue] = [:]
        converted.reserveCapacity(members.count)
        for (key, value) in members {
            guard converted.updateValue(value, forKey: SnakeCaseKeys.camelCase(key)) == nil else {
                throw DirectDecodingUnsupported()
            }
        }
        self.members = converted
        self.decoder = decoder
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func value(_ key: Key) throws -> JSONValue {
        guard let value = members[key.stringValue] else { throw DirectDecodingUnsupported() }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(key) == .null }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try JSONBodyReading.bool(try value(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try JSONBodyReading.string(try value(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try JSONBodyReading.double(try value(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try JSONBodyReading.float(try value(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try JSONBodyReading.integer(try value(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try JSONBodyReading.integer(try value(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try JSONBodyReading.integer(try value(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try JSONBodyReading.integer(try value(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try JSONBodyReading.integer(try value(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try JSONBodyReading.integer(try value(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try JSONBodyReading.integer(try value(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try JSONBodyReading.integer(try value(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try JSONBodyReading.integer(try value(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try JSONBodyReading.integer(try value(key)) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let member = try value(key)
        return try JSONBodyReading.value(member, as: T.self, decoder: decoder.child(member, at: key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try decoder.child(try value(key), at: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(try value(key), at: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { throw DirectDecodingUnsupported() }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw DirectDecodingUnsupported() }
}
