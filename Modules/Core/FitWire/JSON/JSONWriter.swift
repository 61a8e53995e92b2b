import Foundation

/// Serialises a ``JSONValue`` to UTF-8 bytes without going through `JSONEncoder`'s reflection,
/// because backends produce a response for every request and this sits on that path.
package enum JSONWriter {
    /// The compact UTF-8 JSON text of `value`; object keys are written in sorted order.
    ///
    /// - Parameter value: The document to write.
    /// - Returns: Its JSON text without whitespace, as UTF-8; numbers as `Decimal` writes them, strings escaped as
    ///   ``writeString(_:into:)`` escapes them.
    package static func data(_ value: JSONValue) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        write(value, into: &bytes)
        return Data(bytes)
    }

    /// Appends `value` as compact JSON to `bytes` (no intermediate `Data`).
    ///
    /// - Parameters:
    ///   - value: The document to write.
    ///   - bytes: The buffer the UTF-8 text is appended to; what it already holds is kept.
    package static func write(_ value: JSONValue, into bytes: inout [UInt8]) {
        switch value {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): bytes.append(contentsOf: number.description.utf8)
        case .string(let string): writeString(string, into: &bytes)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element, into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                writeString(key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                write(members[key]!, into: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `string` as a JSON string literal, escaped, to `bytes`.
    ///
    /// `"` and `\` are escaped with a backslash, newline, carriage return and tab as `\n`, `\r`, `\t`, other control
    /// characters as `\u00XX`; everything else, non-ASCII included, is copied as UTF-8.
    ///
    /// - Parameters:
    ///   - string: The text to write.
    ///   - bytes: The buffer the quoted literal is appended to.
    package static func writeString(_ string: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
