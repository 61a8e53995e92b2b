/// An array's elements in order, as `JSONDecoder` reads them; at the end every read is left to `JSONDecoder`.
struct JSONBodyUnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let decoder: JSONBodyDecoder
    private(set) var currentIndex = 0

    init(elements: [JSONValue], decoder: JSONBodyDecoder) {
        self.elements = elements
        self.decoder = decoder
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The current element and a decoder for it; ``DirectDecodingUnsupported`` at the end.
    private func current() throws -> (value: JSONValue, decoder: JSONBodyDecoder) {
        guard !isAtEnd else { throw DirectDecodingUnsupported() }
        let value = elements[currentIndex]
        return (value, decoder.child(value, at: DecodingIndexKey(intValue: currentIndex)))
    }

    mutating func decodeNil() throws -> Bool {
        guard try current().value == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, decoder) = try current()
        let decoded = try JSONBodyReading.value(value, as: T.self, decoder: decoder)
        currentIndex += 1
        return decoded
    }

    /// `nil` for a null element, else the element; at the end, left to `JSONDecoder` (the protocol's default would
    /// answer `nil` there), hence one overload per type the protocol names.
    private mutating func present<T: Decodable>(_ type: T.Type) throws -> T? {
        guard try !decodeNil() else { return nil }
        return try decode(T.self)
    }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? { try present(type) }
    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? { try present(type) }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? { try present(type) }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? { try present(type) }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? { try present(type) }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try present(type) }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { try present(type) }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { try present(type) }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { try present(type) }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try present(type) }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { try present(type) }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { try present(type) }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { try present(type) }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { try present(type) }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { try present(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let container = try current().decoder.container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try current().decoder.unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder { throw DirectDecodingUnsupported() }
}
