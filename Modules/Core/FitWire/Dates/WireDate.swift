import Foundation

/// Dates as they travel on the wire: ISO 8601 text.
///
/// Decoding honours UTC offsets (`Z`, `+02:00`, `+0200`, `-07`), accepts 0–9 fraction digits and
/// date-only values (`2026-06-04`, midnight UTC), and rejects out-of-range fields (`25:00`, `02-30`, year 0) as
/// PostgreSQL does, and instants outside the years 1–9999 in UTC, whose text could not be read back. Encoding is always UTC with milliseconds, rounded to the nearest one, so that
/// `string(from: date(from: text)!) == text` for every millisecond text (no drift when a value read from
/// the wire is written back). Built on `Date.ISO8601FormatStyle`, which is a `Sendable` value and far
/// faster on Linux than `ISO8601DateFormatter`; the styles are built once.
public enum WireDate {
    private static let encoder = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt)
    private static let timestampParser = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let wholeSecondParser = Date.ISO8601FormatStyle()
    private static let dateOnlyParser = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day()

    /// The wire text of `date`: UTC, millisecond fraction, e.g. `2026-06-04T18:00:00.000Z`.
    ///
    /// - Parameter date: The instant to write; it is rounded to the nearest millisecond.
    /// - Returns: The ISO 8601 text, always in UTC (`Z`) with exactly three fraction digits.
    public static func string(from date: Date) -> String {
        // The style truncates, and a parsed date sits a hair either side of its millisecond; format the
        // middle of the nearest millisecond so truncation always lands on it.
        let milliseconds = (date.timeIntervalSinceReferenceDate * 1000).rounded()
        if abs(milliseconds) < 1e15,
            let text = CanonicalTimestamp.string(millisecondsSince1970: Int(milliseconds) + 978_307_200_000)
        {
            return text
        }
        return encoder.format(Date(timeIntervalSinceReferenceDate: (milliseconds + 0.5) / 1000))
    }

    /// Parses wire text; `nil` when it is not an ISO 8601 timestamp or date.
    ///
    /// - Parameter string: A timestamp with a UTC offset (`2026-06-04T18:00:00.000Z`, PostgreSQL's
    ///   `2026-06-04 18:00:00+00`) or a date (`2026-06-04`, read as midnight UTC).
    /// - Returns: The instant, or `nil` for text that is not such a timestamp or date, whose fields are out of
    ///   range (`25:00`, `02-30`, year 0), or whose instant is outside the years 1–9999 in UTC (`0001-01-01T00:00:00+01`
    ///   is in year 0 in UTC, which ``string(from:)`` would write as text no parser reads).
    public static func date(from string: String) -> Date? {
        guard let date = parse(string), writableRange.contains(date) else { return nil }
        return date
    }

    /// The instants ``string(from:)`` writes as text that reads back: 0001-01-01T00:00:00.000Z (as the format style
    /// counts it) to 9999-12-31T23:59:59.999Z. An instant outside it, such as year −1, is written as text like
    /// `-0001-12-31T21:52:21.000Z`, which does not read back.
    private static let writableRange: ClosedRange<Date> = {
        let first = (try? wholeSecondParser.parse("0001-01-01T00:00:00Z")) ?? .distantPast
        return first...Date(timeIntervalSince1970: 253_402_300_799.999)
    }()

    private static func parse(_ string: String) -> Date? {
        if let date = string.utf8.withContiguousStorageIfAvailable(CanonicalTimestamp.date(from:)) ?? nil {
            return date
        }
        let text = normalised(string)
        guard WireDateText.isValid(Array(text.utf8)) else { return nil }
        if text.utf8.count == 10 { return try? dateOnlyParser.parse(text) }
        if let date = try? timestampParser.parse(text) { return date }
        return try? wholeSecondParser.parse(text)
    }

    /// `date` as it reads back from the wire (to the millisecond): what the in-memory database stores, so a
    /// value a client reads back filters and persists exactly.
    ///
    /// - Parameter date: Any instant.
    /// - Returns: `date` rounded to the nearest millisecond as ``string(from:)`` writes it; `date` unchanged when that
    ///   text does not parse back (dates far outside the years anyone stores).
    public static func wireRounded(_ date: Date) -> Date {
        decodedFromWire(date) ?? date
    }

    /// What reading ``string(from:)``'s text of `date` back with ``date(from:)`` gives, without writing the text:
    /// the embedded database hands its stored instants to decoders this way, exactly as if they had crossed a wire.
    ///
    /// - Parameter date: Any instant.
    /// - Returns: `date` rounded to the nearest millisecond; `nil` when that text does not parse back (dates far
    ///   outside the years anyone stores).
    public static func decodedFromWire(_ date: Date) -> Date? {
        let milliseconds = (date.timeIntervalSinceReferenceDate * 1000).rounded()
        guard abs(milliseconds) < 1e15,
            let rounded = CanonicalTimestamp.date(millisecondsSince1970: Int(milliseconds) + 978_307_200_000)
        else { return Self.date(from: string(from: date)) }
        return writableRange.contains(rounded) ? rounded : nil
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
