import FitCore

/// The percent-encoding of a query string; PostgREST's own syntax is FitCore's `PostgRESTSyntax`.
enum PostgRESTText {
    /// `column.op.value` inside a logic tree (for the logic-tree fuzzer, which reads FitSupabase's text).
    static func treeItem(_ filter: Filter) -> String { PostgRESTSyntax.treeItem(filter) }

    /// Percent-encodes a query-string name or value: everything but letters, digits and `-._~,():*!` — so `%`,
    /// `&`, `=`, `+`, `#`, `"`, `\`, spaces and non-ASCII text are always escaped (`+` would otherwise read as a
    /// space) while PostgREST's own syntax stays readable in logs.
    static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: ","),
                UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ":"), UInt8(ascii: "*"), UInt8(ascii: "!"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }
}
