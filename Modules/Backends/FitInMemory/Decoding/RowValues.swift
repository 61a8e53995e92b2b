import FitCore
import Foundation

/// A select's or a write's answer as the engine's values: the output column names and, per row, one value per
/// name. FitKit's direct decoder reads the values (``DecodedBody``); the JSON is written only when asked for.
struct RowValues: ResponseValues {
    /// The output names, in the select list's order.
    let names: [String]
    /// The rows, each with one value per name.
    let rows: [[DatabaseValue]]
    /// One object (`single()`, `maybeSingle()`: the first row, or `null`) instead of an array.
    let isSingle: Bool

    func jsonData() -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rows.count * 64 + 2)
        if isSingle {
            if let row = rows.first { write(row, into: &bytes) } else { bytes.append(contentsOf: "null".utf8) }
            return Data(bytes)
        }
        bytes.append(UInt8(ascii: "["))
        for (index, row) in rows.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            write(row, into: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        return Data(bytes)
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !(T.self is any DecodedAsJSONDecodes.Type) else { throw DirectDecodingUnsupported() }
        return try DecodedBody(body: self, keys: try RowKeys(names)).decoded(T.self, codingPath: [])
    }

    private func write(_ row: [DatabaseValue], into bytes: inout [UInt8]) {
        DatabaseValue.writeObject(row, names: { names[$0] }, positions: names.indices, into: &bytes)
    }
}
