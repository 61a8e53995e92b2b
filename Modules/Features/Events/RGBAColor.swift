import FitCore

/// A colour as four 8-bit channels, written on the wire as `#RRGGBBAA` (the `events.text_color` format).
///
/// Linux has no SwiftUI `Color`, so events carry this plain value; an app maps it with
/// ``fractions`` (`Color(.sRGB, red:green:blue:opacity:)`).
public struct RGBAColor: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Red, 0…255.
    public var red: UInt8
    /// Green, 0…255.
    public var green: UInt8
    /// Blue, 0…255.
    public var blue: UInt8
    /// Opacity, 0 (transparent) …255 (opaque).
    public var alpha: UInt8

    /// A colour from its channels; `alpha` 255 is opaque.
    ///
    /// - Parameters:
    ///   - red: Red, 0…255.
    ///   - green: Green, 0…255.
    ///   - blue: Blue, 0…255.
    ///   - alpha: Opacity, from 0 (transparent) to 255 (opaque, the default).
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#RRGGBBAA`: a `#` and exactly eight hex digits (either case; ``hex`` writes upper case).
    /// Anything else, including `#RRGGBB`, is ``EventValidationError/malformedColor(_:)``.
    ///
    /// - Parameter text: The colour text, e.g. `#FF8800FF` or `#ff8800ff`.
    /// - Throws: ``EventValidationError/malformedColor(_:)`` with `text` when it is not `#` followed by exactly eight
    ///   hex digits.
    public init(hex text: String) throws(EventValidationError) {
        let bytes = Array(text.utf8)
        guard bytes.count == 9, bytes[0] == UInt8(ascii: "#") else { throw .malformedColor(text) }
        var channels: [UInt8] = []
        channels.reserveCapacity(4)
        for index in stride(from: 1, to: 9, by: 2) {
            guard let high = HexDigits.value(of: bytes[index]), let low = HexDigits.value(of: bytes[index + 1]) else {
                throw .malformedColor(text)
            }
            channels.append(high << 4 | low)
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: channels[3])
    }

    /// `#RRGGBBAA` in upper case, the only form the `events` table accepts.
    public var hex: String {
        "#" + [red, green, blue, alpha].map(Self.hexPair).joined()
    }

    /// The colour as ``hex`` writes it, `#RRGGBBAA` in upper case, so it logs as it is stored.
    public var description: String { hex }

    /// The channels as 0…1 fractions, the form SwiftUI's `Color` takes.
    public var fractions: (red: Double, green: Double, blue: Double, alpha: Double) {
        (Double(red) / 255, Double(green) / 255, Double(blue) / 255, Double(alpha) / 255)
    }

    /// Whether `text` is exactly what the table's check accepts: `^#[0-9A-F]{8}$` (upper case only).
    ///
    /// - Parameter text: The text to check.
    /// - Returns: `true` for `#` followed by eight upper-case hex digits; `false` for lower case, `#RRGGBB` or anything
    ///   else.
    public static func isCanonicalHex(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 9, bytes[0] == UInt8(ascii: "#") else { return false }
        return bytes.dropFirst().allSatisfy(HexDigits.upper.contains)
    }

    // MARK: Codable (a `#RRGGBBAA` string)

    /// Reads the `#RRGGBBAA` string the `events.text_color` column holds (either case).
    ///
    /// - Parameter decoder: A decoder positioned at one string value.
    /// - Throws: ``EventValidationError/malformedColor(_:)`` when the string is not `#RRGGBBAA`; `DecodingError` when
    ///   the value is not a string.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        try self.init(hex: text)
    }

    /// Writes the colour as one ``hex`` string, the canonical upper-case form the table's check accepts.
    ///
    /// - Parameter encoder: An encoder positioned at one value.
    /// - Throws: The `EncodingError` that `encoder` throws for a value it cannot write.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }

    // MARK: Named colours

    /// Opaque black: the default text colour of a new event.
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = RGBAColor(red: 255, green: 255, blue: 255)

    // MARK: Hex digits

    private static func hexPair(_ value: UInt8) -> String {
        String(decoding: [HexDigits.upper[Int(value >> 4)], HexDigits.upper[Int(value & 0x0F)]], as: UTF8.self)
    }
}
