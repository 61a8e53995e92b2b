import Foundation

/// Timestamps in the shapes the wire uses, read and written with integer arithmetic instead of a format style.
///
/// Reading takes the timestamps PostgreSQL and PostgREST actually send (`2026-06-04T18:00:00.123456+00:00`, `…Z`, a space for
/// the `T`, 0–9 fraction digits, `±HH`, `±HHMM` or `±HH:MM`), read with integer arithmetic instead of a format
/// style: about fifty times faster, and a timetable decodes thousands of them. Anything else (a date alone,
/// `24:00:00`, a leap second, a year before 1583, a field out of range) is left to ``WireDate``'s format-style path, which
/// decides whether it is valid.
enum CanonicalTimestamp {
    /// The instant, or `nil` when the text is not in the canonical shape with every field in range.
    static func date(from text: UnsafeBufferPointer<UInt8>) -> Date? {
        guard text.count >= 20, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"),
            text[10] == UInt8(ascii: "T") || text[10] == UInt8(ascii: " "), text[13] == UInt8(ascii: ":"),
            text[16] == UInt8(ascii: ":"), let year = number(text, 0, 4), let month = number(text, 5, 2),
            let day = number(text, 8, 2), let hour = number(text, 11, 2), let minute = number(text, 14, 2),
            let second = number(text, 17, 2), year >= 1583, (1...12).contains(month), day >= 1,
            day <= daysIn(month: month, year: year), hour < 24, minute < 60, second < 60
        else { return nil }

        var index = 19
        var nanoseconds = 0
        if text[index] == UInt8(ascii: ".") {
            index += 1
            var digits = 0
            while index < text.count, let digit = digit(text[index]) {
                guard digits < 9 else { return nil }
                nanoseconds = nanoseconds * 10 + digit
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<9 { nanoseconds *= 10 }
        }
        guard index < text.count else { return nil }
        var offset = 0
        switch text[index] {
        case UInt8(ascii: "Z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = text[index] == UInt8(ascii: "-") ? -1 : 1
            guard let hours = number(text, index + 1, 2), hours < 24 else { return nil }
            index += 3
            var minutes = 0
            if index < text.count {
                if text[index] == UInt8(ascii: ":") { index += 1 }
                guard let value = number(text, index, 2), value < 60 else { return nil }
                minutes = value
                index += 2
            }
            offset = sign * (hours * 3600 + minutes * 60)
        default:
            return nil
        }
        guard index == text.count else { return nil }
        let seconds =
            daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
            - offset
        return Date(
            timeIntervalSinceReferenceDate: Double(seconds - 978_307_200) + Double(nanoseconds) / 1_000_000_000)
    }

    /// `2026-06-04T18:00:00.123Z` for a count of milliseconds since 1970, or `nil` outside years 1583–9999: the
    /// format style writes those (before 1583 it counts Julian days, and both paths must agree).
    /// The instant ``date(from:)`` reads from ``string(millisecondsSince1970:)``'s text, computed the same way
    /// without the text; `nil` where that text would be `nil`.
    static func date(millisecondsSince1970 milliseconds: Int) -> Date? {
        let (seconds, millisecond) = floorDivision(milliseconds, 1000)
        guard (1583...9999).contains(civilDate(daysSince1970: floorDivision(seconds, 86_400).quotient).year) else {
            return nil
        }
        return Date(
            timeIntervalSinceReferenceDate: Double(seconds - 978_307_200) + Double(millisecond * 1_000_000)
                / 1_000_000_000)
    }

    static func string(millisecondsSince1970 milliseconds: Int) -> String? {
        let (seconds, millisecond) = floorDivision(milliseconds, 1000)
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        let (year, month, day) = civilDate(daysSince1970: days)
        guard (1583...9999).contains(year) else { return nil }
        var bytes = [UInt8](repeating: 0, count: 24)
        func put(_ value: Int, at start: Int, digits: Int) {
            var value = value
            for index in stride(from: start + digits - 1, through: start, by: -1) {
                bytes[index] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
        }
        put(year, at: 0, digits: 4)
        put(month, at: 5, digits: 2)
        put(day, at: 8, digits: 2)
        put(secondOfDay / 3600, at: 11, digits: 2)
        put(secondOfDay / 60 % 60, at: 14, digits: 2)
        put(secondOfDay % 60, at: 17, digits: 2)
        put(millisecond, at: 20, digits: 3)
        bytes[4] = UInt8(ascii: "-")
        bytes[7] = UInt8(ascii: "-")
        bytes[10] = UInt8(ascii: "T")
        bytes[13] = UInt8(ascii: ":")
        bytes[16] = UInt8(ascii: ":")
        bytes[19] = UInt8(ascii: ".")
        bytes[23] = UInt8(ascii: "Z")
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func floorDivision(_ value: Int, _ divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    /// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's algorithm).
    private static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    /// The decimal number in `length` digits at `start`; `nil` when one is not a digit or the text is too short.
    static func number<Bytes: RandomAccessCollection<UInt8>>(_ text: Bytes, _ start: Int, _ length: Int) -> Int?
    where Bytes.Index == Int {
        guard start >= 0, start + length <= text.count else { return nil }
        var value = 0
        for index in start..<start + length {
            guard let digit = digit(text[index]) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// Days in `month` (1–12) of `year`, in the Gregorian calendar.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the date in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
