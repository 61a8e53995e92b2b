/// Hexadecimal digits, read and written a byte at a time: what FitKit's hex text shares (identifiers in
/// ``UUIDText``, JSON's `\u` escapes, event colours' `#RRGGBBAA`).
package enum HexDigits {
    /// `0`–`9` then `A`–`F`, by value.
    package static let upper = Array("0123456789ABCDEF".utf8)
    /// `0`–`9` then `a`–`f`, by value.
    package static let lower = Array("0123456789abcdef".utf8)

    /// The value of one hex digit of either case; `nil` for any other byte.
    package static func value(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
