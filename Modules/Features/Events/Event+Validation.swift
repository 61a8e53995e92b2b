import FitCore
import Foundation

extension Event {
    /// This event as it will be stored: the title trimmed of surrounding whitespace, after checking the
    /// title, and that the date survives the trip through ISO 8601 wire text.
    /// - Returns: A copy with the title trimmed; the other fields are unchanged.
    /// - Throws: ``EventValidationError`` for a blank or too long title or an unrepresentable date.
    public func validated() throws(EventValidationError) -> Event {
        var copy = self
        copy.title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        if copy.title.isEmpty { throw .blankTitle }
        let length = copy.title.unicodeScalars.count
        if length > Self.maximumTitleLength { throw .titleTooLong(length: length) }
        try Self.checkWireDate(date)
        return copy
    }

    /// Throws unless `date` is finite, in the years 1…9999 and reads back from its wire text.
    static func checkWireDate(_ date: Date) throws(EventValidationError) {
        let interval = date.timeIntervalSinceReferenceDate
        guard interval.isFinite else { throw .undecodableDate(String(describing: interval)) }
        let text = WireDate.string(from: date)
        let bytes = Array(text.utf8)
        let fourDigitYear =
            bytes.count > 4 && bytes[4] == UInt8(ascii: "-")
            && bytes[..<4].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        guard fourDigitYear, WireDate.date(from: text) != nil else { throw .undecodableDate(text) }
    }
}
