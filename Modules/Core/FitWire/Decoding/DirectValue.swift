/// A value FitKit's one direct decoder (``DirectDecoder``) reads: a ``JSONValue`` a response body was read into, a
/// value the embedded database stores, or one of its rows.
///
/// Each read gives exactly what FitKit's JSON decoding gives for the JSON text of the value, or throws
/// ``DirectDecodingUnsupported``: the caller then decodes that JSON with `JSONDecoder`, which gives the value or the
/// error. A conforming type reads directly only what it can promise that for.
package protocol DirectValue {
    /// Whether JSON decoding sees `null` here.
    var decodesAsNull: Bool { get }

    /// The value as a `Bool`.
    ///
    /// - Returns: The value.
    /// - Throws: ``DirectDecodingUnsupported`` when it cannot promise JSON decoding's answer.
    func bool() throws -> Bool

    /// The value as a `String`.
    ///
    /// - Returns: The value.
    /// - Throws: ``DirectDecodingUnsupported`` when it cannot promise JSON decoding's answer.
    func string() throws -> String

    /// The value as a `Double`.
    ///
    /// - Returns: The value.
    /// - Throws: ``DirectDecodingUnsupported`` when it cannot promise JSON decoding's answer.
    func double() throws -> Double

    /// The value as a `Float`.
    ///
    /// - Returns: The value.
    /// - Throws: ``DirectDecodingUnsupported`` when it cannot promise JSON decoding's answer.
    func float() throws -> Float

    /// The value as a 64-bit integer, which the decoder narrows to the integer type asked for (a value that does not
    /// fit is left to JSON decoding).
    ///
    /// - Returns: The value.
    /// - Throws: ``DirectDecodingUnsupported`` when it cannot promise JSON decoding's answer.
    func int64() throws -> Int64

    /// The value as `type`: read directly when `type` is one read without its `init(from:)` (a `Date`, a `UUID`, a
    /// `Decimal`, the common single values), else by the type's own `init(from:)` given a ``DirectDecoder`` of this
    /// value.
    ///
    /// - Parameters:
    ///   - type: The type asked for.
    ///   - codingPath: Where the value sits, built only when `type` decodes itself.
    /// - Returns: The value.
    /// - Throws: ``DirectDecodingUnsupported`` when it cannot promise JSON decoding's answer, or what the type's
    ///   `init(from:)` throws.
    func decoded<T: Decodable>(_ type: T.Type, codingPath: @autoclosure () -> [any CodingKey]) throws -> T

    /// The value's members, keyed as a `Decodable` type's keys see them.
    ///
    /// - Parameters:
    ///   - type: The keys.
    ///   - codingPath: Where the value sits.
    /// - Returns: The container.
    /// - Throws: ``DirectDecodingUnsupported`` when the value has no members it reads directly.
    func keyedContainer<Key: CodingKey>(keyedBy type: Key.Type, codingPath: [any CodingKey]) throws
        -> KeyedDecodingContainer<Key>

    /// The value's elements, in order.
    ///
    /// - Parameter codingPath: Where the value sits.
    /// - Returns: The container.
    /// - Throws: ``DirectDecodingUnsupported`` when the value has no elements it reads directly.
    func unkeyedContainer(codingPath: [any CodingKey]) throws -> any UnkeyedDecodingContainer
}
