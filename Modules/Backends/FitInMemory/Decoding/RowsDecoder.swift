import FitCore
import Foundation

/// Decodes a ``RowValues`` body: an array of rows, or for `single()` and `maybeSingle()` one row or `nil`.
struct RowsDecoder: Decoder {
    let body: RowValues
    let keys: RowKeys

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard body.isSingle, let row = body.rows.first else { throw DirectDecodingUnsupported() }
        return try RowDecoder(row: row, index: nil, keys: keys).container(keyedBy: type)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard !body.isSingle else { throw DirectDecodingUnsupported() }
        return RowsContainer(rows: body.rows, keys: keys)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { BodyContainer(decoder: self) }
}

/// The body as one value: `nil` for `maybeSingle()` without a row; otherwise decoded by the type itself, from the
/// body (an optional row's `init(from:)` asks here first).
private struct BodyContainer: SingleValueDecodingContainer {
    let decoder: RowsDecoder
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { decoder.body.isSingle && decoder.body.rows.isEmpty }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !decodeNil(), !(T.self is any DecodedAsJSONDecodes.Type) else { throw DirectDecodingUnsupported() }
        return try T(from: decoder)
    }

    func decode(_ type: Bool.Type) throws -> Bool { throw DirectDecodingUnsupported() }
    func decode(_ type: String.Type) throws -> String { throw DirectDecodingUnsupported() }
    func decode(_ type: Double.Type) throws -> Double { throw DirectDecodingUnsupported() }
    func decode(_ type: Float.Type) throws -> Float { throw DirectDecodingUnsupported() }
    func decode(_ type: Int.Type) throws -> Int { throw DirectDecodingUnsupported() }
    func decode(_ type: Int8.Type) throws -> Int8 { throw DirectDecodingUnsupported() }
    func decode(_ type: Int16.Type) throws -> Int16 { throw DirectDecodingUnsupported() }
    func decode(_ type: Int32.Type) throws -> Int32 { throw DirectDecodingUnsupported() }
    func decode(_ type: Int64.Type) throws -> Int64 { throw DirectDecodingUnsupported() }
    func decode(_ type: UInt.Type) throws -> UInt { throw DirectDecodingUnsupported() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { throw DirectDecodingUnsupported() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { throw DirectDecodingUnsupported() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { throw DirectDecodingUnsupported() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { throw DirectDecodingUnsupported() }
}
