import FitCore

extension DatabaseValue {
    /// Appends the value's JSON: exactly the text `JSONWriter` writes for ``json``, with the common cases (a `uuid`, a
    /// `timestamp`, `text`, an `integer`, `null`) written directly rather than through a `JSONValue`.
    ///
    /// - Parameter bytes: The UTF-8 text to append to.
    func writeJSON(into bytes: inout [UInt8]) {
        switch self {
        case .uuid(let id):
            bytes.append(UInt8(ascii: "\""))
            let hex = Array("0123456789abcdef".utf8)
            withUnsafeBytes(of: id.uuid) { raw in
                for (index, byte) in raw.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 { bytes.append(UInt8(ascii: "-")) }
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 0x0F)])
                }
            }
            bytes.append(UInt8(ascii: "\""))
        case .timestamp(let date):
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: WireDate.string(from: date).utf8)
            bytes.append(UInt8(ascii: "\""))
        case .text(let text):
            JSONWriter.writeString(text, into: &bytes)
        case .integer(let number):
            bytes.append(contentsOf: String(number).utf8)
        case .null:
            bytes.append(contentsOf: "null".utf8)
        default:
            JSONWriter.write(json, into: &bytes)
        }
    }

    /// Appends a JSON object of `values`, the member at each of `positions` (in that order) named by `names`.
    ///
    /// - Parameters:
    ///   - values: A row's values.
    ///   - names: The name of each value's column.
    ///   - positions: Which values to write, in the order to write them.
    ///   - bytes: The UTF-8 text to append to.
    static func writeObject(
        _ values: [DatabaseValue], names: (Int) -> String, positions: some Sequence<Int>, into bytes: inout [UInt8]
    ) {
        bytes.append(UInt8(ascii: "{"))
        for (index, position) in positions.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONWriter.writeString(names(position), into: &bytes)
            bytes.append(UInt8(ascii: ":"))
            values[position].writeJSON(into: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }
}
