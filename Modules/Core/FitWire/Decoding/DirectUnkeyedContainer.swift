/// The unkeyed container of FitKit's one direct decoder (``DirectDecoder``): an array's elements or an answer's rows,
/// in order. At the end every read is left to JSON decoding (the protocol's default would answer `nil` there).
package struct DirectUnkeyedContainer<Element: DirectValue>: UnkeyedDecodingContainer {
    /// The elements.
    package let elements: [Element]
    /// Where the array sits.
    package let codingPath: [any CodingKey]
    /// The index of the next element read.
    package var currentIndex = 0

    /// A container of `elements`, an array that sits at `codingPath`.
    ///
    /// - Parameters:
    ///   - elements: The elements.
    ///   - codingPath: Where the array sits.
    @inlinable
    package init(elements: [Element], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    package var count: Int? { elements.count }
    @inlinable package var isAtEnd: Bool { currentIndex >= elements.count }

    /// The current element; ``DirectDecodingUnsupported`` at the end.
    @inlinable
    func current() throws -> Element {
        guard !isAtEnd else { throw DirectDecodingUnsupported() }
        return elements[currentIndex]
    }

    /// The current element's place.
    @inlinable
    var currentPath: [any CodingKey] { codingPath + [DecodingIndexKey(intValue: currentIndex)] }

    @inlinable
    package mutating func decodeNil() throws -> Bool {
        guard try current().decodesAsNull else { return false }
        currentIndex += 1
        return true
    }

    @inlinable
    package mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let decoded = try current().decoded(T.self, codingPath: currentPath)
        currentIndex += 1
        return decoded
    }

    /// `nil` for a null element, else the element.
    @inlinable
    mutating func present<T: Decodable>(_ type: T.Type) throws -> T? {
        guard try !decodeNil() else { return nil }
        return try decode(T.self)
    }

    @inlinable package mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? { try present(type) }
    @inlinable package mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? { try present(type) }
    @inlinable package mutating func decodeIfPresent(_ type: String.Type) throws -> String? { try present(type) }
    @inlinable package mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? { try present(type) }
    @inlinable package mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? { try present(type) }
    @inlinable package mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try present(type) }
    @inlinable package mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { try present(type) }
    @inlinable package mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { try present(type) }
    @inlinable package mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { try present(type) }
    @inlinable package mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try present(type) }
    @inlinable package mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { try present(type) }
    @inlinable package mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { try present(type) }
    @inlinable package mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { try present(type) }
    @inlinable package mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { try present(type) }
    @inlinable package mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { try present(type) }

    @inlinable
    package mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let container = try current().keyedContainer(keyedBy: type, codingPath: currentPath)
        currentIndex += 1
        return container
    }

    @inlinable
    package mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try current().unkeyedContainer(codingPath: currentPath)
        currentIndex += 1
        return container
    }

    package mutating func superDecoder() throws -> any Decoder { throw DirectDecodingUnsupported() }
}
