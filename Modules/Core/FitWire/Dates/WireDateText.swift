/// The text ``WireDate`` hands to Foundation's ISO 8601 format style (whatever the integer fast path leaves: dates
/// alone, `24:00:00`, leap seconds, years before 1583), checked first, because the style is lenient: it reads
/// `26-6-4T18:00:00Z` as year 26, `2026-06-04T18:00:00Zjunk` as 18:00, `+028` as an offset of 2 h 8 min and `25:00`
/// as 01:00 the next day.
enum WireDateText {
    /// Whether `bytes` (with `T` between date and time) has the shape ``WireDate`` documents and its fields are in
    /// PostgreSQL's ranges: `YYYY-MM-DD`, or that, `T`, `HH:MM:SS`, an optional fraction of 1–9 digits, and `Z` or an
    /// offset `±HH`, `±HHMM` or `±HH:MM`; no year 0, `24:00:00` and second 60 allowed.
    ///
    /// The format style alone reads `200-02-29T23:59:59Z59Z` (year 200, the trailing `59Z` ignored), and its
    /// written form `0200-02-29T23:59:59.000Z` does not read back.
    static func isValid(_ bytes: [UInt8]) -> Bool {
        hasShape(bytes) && fieldsAreInRange(bytes)
    }

    private static func hasShape(_ bytes: [UInt8]) -> Bool {
        func digits(_ start: Int, _ count: Int) -> Bool { CanonicalTimestamp.number(bytes, start, count) != nil }
        func byte(_ index: Int, in allowed: String) -> Bool {
            index < bytes.count && allowed.utf8.contains(bytes[index])
        }
        guard digits(0, 4), byte(4, in: "-"), digits(5, 2), byte(7, in: "-"), digits(8, 2) else { return false }
        if bytes.count == 10 { return true }
        guard byte(10, in: "T"), digits(11, 2), byte(13, in: ":"), digits(14, 2), byte(16, in: ":"), digits(17, 2)
        else { return false }
        var index = 19
        if byte(index, in: ".") {
            index += 1
            let start = index
            while digits(index, 1) { index += 1 }
            guard (1...9).contains(index - start) else { return false }
        }
        if byte(index, in: "Zz") { return index + 1 == bytes.count }
        guard byte(index, in: "+-"), digits(index + 1, 2) else { return false }
        index += 3
        if index == bytes.count { return true }
        if byte(index, in: ":") { index += 1 }
        return digits(index, 2) && index + 2 == bytes.count
    }

    /// Fields within PostgreSQL's ranges, for text of the right shape.
    private static func fieldsAreInRange(_ bytes: [UInt8]) -> Bool {
        func number(_ start: Int, _ length: Int) -> Int { CanonicalTimestamp.number(bytes, start, length) ?? -1 }
        let year = number(0, 4)
        let month = number(5, 2)
        let day = number(8, 2)
        guard year >= 1, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else {
            return false
        }
        guard bytes.count > 10 else { return true }
        let hour = number(11, 2)
        let minute = number(14, 2)
        let second = number(17, 2)
        guard hour <= 24, minute <= 59, second <= 60 else { return false }
        return hour < 24 || (minute == 0 && second == 0)
    }

    /// Days in `month` as the format style counts them: in the Julian calendar before the Gregorian reform of 1582
    /// (where the style switches), so 0200-02-29 is a date, as the style writes it, and 1900-02-29 is not.
    private static func daysIn(month: Int, year: Int) -> Int {
        if year < 1583, month == 2 { return year % 4 == 0 ? 29 : 28 }
        return CanonicalTimestamp.daysIn(month: month, year: year)
    }
}
