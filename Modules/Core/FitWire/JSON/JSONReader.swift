import Foundation

/// Reads JSON text into a ``JSONValue`` without going through `JSONDecoder`, whose `Decodable` route into an enum
/// tries each kind in turn and pays a thrown error for every miss: a Realtime frame or a response body decoded as
/// `JSONValue` spends most of its time there.
///
/// It reads the common documents (RFC 8259 JSON whose numbers are integers of at most 18 digits, whose strings are
/// valid UTF-8 with the standard escapes, whose objects have distinct keys, nested at most 256 deep) and declines
/// everything else by returning `nil`: the caller then asks `JSONDecoder`, so values outside this reader's reach and
/// every error are exactly `JSONDecoder`'s (see ``JSONValue/init(json:)``).
enum JSONReader {
    /// The value of the whole of `bytes`, or `nil` when it is not a document this reader reads (see the type's
    /// documentation).
    static func value(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        var reader = Cursor(bytes: bytes)
        reader.skipWhitespace()
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipWhitespace()
        // Not `isAtEnd ? value : nil`: there `nil` would be JSONValue's nil literal, `.null`.
        guard reader.isAtEnd else { return Optional.none }
        return value
    }

    private static let maximumDepth = 256

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        var isAtEnd: Bool { index == bytes.count }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) -> JSONValue? {
            guard index < bytes.count, depth < JSONReader.maximumDepth else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""): return string().map(JSONValue.string)
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default: return number()
            }
        }

        mutating func literal(_ text: StaticString, _ value: JSONValue) -> JSONValue? {
            let count = text.utf8CodeUnitCount
            guard bytes.count - index >= count else { return nil }
            for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] { return nil }
            index += count
            return value
        }

        /// An integer of at most 18 digits, no leading zero, no `-0`; any fraction or exponent declines.
        mutating func number() -> JSONValue? {
            var negative = false
            if bytes[index] == UInt8(ascii: "-") {
                negative = true
                index += 1
            }
            let start = index
            var magnitude: Int64 = 0
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                magnitude = magnitude &* 10 &+ Int64(bytes[index] &- UInt8(ascii: "0"))
                index += 1
            }
            let digits = index - start
            guard digits > 0, digits <= 18, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
            if negative && magnitude == 0 { return nil }
            if index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
                default: break
                }
            }
            return .number(Decimal(negative ? -magnitude : magnitude))
        }

        /// A string at the opening quote, its escapes resolved; `nil` for a control character, invalid UTF-8, an
        /// unknown escape or a `\u` escape of a surrogate.
        mutating func string() -> String? {
            index += 1
            let start = index
            // The common case: no escape, so the bytes between the quotes are the string; when they are all ASCII
            // they are valid UTF-8 too.
            var ascii = true
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let content = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    index += 1
                    return ascii ? String(decoding: content, as: UTF8.self) : Self.validString(content)
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { return nil }
                if byte >= 0x80 { ascii = false }
                index += 1
            }
            guard index < bytes.count else { return nil }
            var scalars: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return scalars.withUnsafeBufferPointer(Self.validString)
                case UInt8(ascii: "\\"):
                    index += 1
                    guard index < bytes.count else { return nil }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escaped)
                    case UInt8(ascii: "b"): scalars.append(0x08)
                    case UInt8(ascii: "f"): scalars.append(0x0C)
                    case UInt8(ascii: "n"): scalars.append(0x0A)
                    case UInt8(ascii: "r"): scalars.append(0x0D)
                    case UInt8(ascii: "t"): scalars.append(0x09)
                    case UInt8(ascii: "u"):
                        guard let code = hexQuad(), let scalar = Unicode.Scalar(code) else { return nil }
                        scalars.append(contentsOf: UTF8.encode(scalar)!)
                    default: return nil
                    }
                default:
                    if byte < 0x20 { return nil }
                    scalars.append(byte)
                    index += 1
                }
            }
            return nil
        }

        /// The string `bytes` spell, or `nil` when they are not valid UTF-8 (decoding repairs what is invalid, so the
        /// result's bytes differ from them).
        static func validString(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
            let text = String(decoding: bytes, as: UTF8.self)
            return text.utf8.elementsEqual(bytes) ? text : nil
        }

        /// Four hexadecimal digits.
        mutating func hexQuad() -> UInt16? {
            guard bytes.count - index >= 4 else { return nil }
            var code: UInt16 = 0
            for _ in 0..<4 {
                guard let digit = HexDigits.value(of: bytes[index]) else { return nil }
                code = code << 4 | UInt16(digit)
                index += 1
            }
            return code
        }

        mutating func array(depth: Int) -> JSONValue? {
            index += 1
            var elements: [JSONValue] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                skipWhitespace()
                guard let element = value(depth: depth + 1) else { return nil }
                elements.append(element)
                skipWhitespace()
                guard index < bytes.count else { return nil }
                switch bytes[index] {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"):
                    index += 1
                    return .array(elements)
                default: return nil
                }
            }
        }

        mutating func object(depth: Int) -> JSONValue? {
            index += 1
            var members: [String: JSONValue] = [:]
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                skipWhitespace()
                guard let member = value(depth: depth + 1) else { return nil }
                // A repeated key declines (`JSONDecoder` decides which one counts).
                if case .some = members.updateValue(member, forKey: key) { return nil }
                skipWhitespace()
                guard index < bytes.count else { return nil }
                switch bytes[index] {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"):
                    index += 1
                    return .object(members)
                default: return nil
                }
            }
        }
    }
}
