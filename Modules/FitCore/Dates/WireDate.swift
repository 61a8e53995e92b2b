import Foundation

/// Dates as they travel on the wire: ISO 8601 text.
///
/// Decoding honours UTC offsets (`Z`, `+02:00`, `+0200`, `-07`), accepts 0–9 fraction digits and
/// date-only values (`2026-06-04`, midnight UTC). Encoding is always UTC with fractional seconds.
/// Built on `Date.ISO8601FormatStyle`, which is a `Sendable` value and far faster on Linux than
/// `ISO8601DateFormatter`; the styles are built once.
public enum WireDate {
    private static let encoder = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt)
    private static let timestampParser = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let wholeSecondParser = Date.ISO8601FormatStyle()
    private static let dateOnlyParser = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day()

    /// The wire text of `date`: UTC, millisecond fraction, e.g. `2026-06-04T18:00:00.000Z`.
    public static func string(from date: Date) -> String {
        encoder.format(date)
    }

    /// Parses wire text; `nil` when it is not an ISO 8601 timestamp or date.
    public static func date(from string: String) -> Date? {
        let text = normalised(string)
        if text.count == 10 { return try? dateOnlyParser.parse(text) }
        if let date = try? timestampParser.parse(text) { return date }
        return try? wholeSecondParser.parse(text)
    }

    /// PostgreSQL writes `2026-06-04 18:00:00+00`; ISO 8601 wants a `T` between date and time.
    private static func normalised(_ string: String) -> String {
        let utf8 = Array(string.utf8)
        guard utf8.count > 10, utf8[10] == UInt8(ascii: " ") else { return string }
        var copy = utf8
        copy[10] = UInt8(ascii: "T")
        return String(decoding: copy, as: UTF8.self)
    }
}
