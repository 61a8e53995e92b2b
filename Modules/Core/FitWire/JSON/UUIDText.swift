import Foundation

/// A `UUID`'s text, read and written without Foundation's C formatting: on Linux `UUID(uuidString:)` reads with
/// `sscanf` and `uuidString` writes with `snprintf`, a noticeable share of the CPU time FitKit adds to a booking
/// through FitPostgres (benchmark P5: the identifiers read from the answer, and the one written into the call and the
/// claims).
///
/// The results are Foundation's: the canonical form (36 characters, hex digits of either case, dashes after the 8th,
/// 12th, 16th and 20th digit) is read here and every other text is handed to `UUID(uuidString:)`, whose C reader
/// accepts a few more shapes.
package enum UUIDText {
    /// `UUID(uuidString: text)`.
    package static func uuid(_ text: String) -> UUID? {
        var text = text
        let canonical = text.withUTF8 { bytes -> UUID? in
            guard bytes.count == 36 else { return nil }
            var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            let complete = withUnsafeMutableBytes(of: &value) { output -> Bool in
                var index = 0
                for byte in 0..<16 {
                    if index == 8 || index == 13 || index == 18 || index == 23 {
                        guard bytes[index] == UInt8(ascii: "-") else { return false }
                        index += 1
                    }
                    guard let high = HexDigits.value(of: bytes[index]), let low = HexDigits.value(of: bytes[index + 1])
                    else {
                        return false
                    }
                    output[byte] = high << 4 | low
                    index += 2
                }
                return true
            }
            return complete ? UUID(uuid: value) : nil
        }
        return canonical ?? UUID(uuidString: text)
    }

    /// `id.uuidString`: upper-case hex digits.
    package static func uppercase(_ id: UUID) -> String { string(id, digits: HexDigits.upper) }

    /// `id.uuidString.lowercased()`: PostgreSQL's form.
    package static func lowercase(_ id: UUID) -> String { string(id, digits: HexDigits.lower) }

    private static func string(_ id: UUID, digits: [UInt8]) -> String {
        withUnsafeBytes(of: id.uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { output in
                var index = 0
                for (position, byte) in bytes.enumerated() {
                    if position == 4 || position == 6 || position == 8 || position == 10 {
                        output[index] = UInt8(ascii: "-")
                        index += 1
                    }
                    output[index] = digits[Int(byte >> 4)]
                    output[index + 1] = digits[Int(byte & 0x0F)]
                    index += 2
                }
                return index
            }
        }
    }
}
