import Foundation

/// Formats values for screens with an explicit locale and time zone, so labels are exact on every machine
/// and show class times in the studio's zone. The format styles are built once, in `init`: keep one
/// formatter per (locale, time zone) and reuse it; do not build one per label.
public struct DisplayFormatter: Sendable {
    public let locale: Locale
    public let timeZone: TimeZone
    /// A Gregorian calendar in ``timeZone``.
    public let calendar: Calendar
    private let timeStyle: Date.VerbatimFormatStyle
    private let shortDateStyle: Date.VerbatimFormatStyle
    private let decimalStyle: Decimal.FormatStyle

    /// - Parameters:
    ///   - locale: language and region for words and numbers (`en_US`).
    ///   - timeZone: the zone dates are shown in (the studio's zone for class times).
    public init(locale: Locale, timeZone: TimeZone) {
        self.locale = locale
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = locale
        self.calendar = calendar
        timeStyle = Date.VerbatimFormatStyle(
            format: "\(hour: .defaultDigits(clock: .twelveHour, hourCycle: .oneBased)):\(minute: .twoDigits) \(dayPeriod: .standard(.abbreviated))",
            locale: locale, timeZone: timeZone, calendar: calendar)
        shortDateStyle = Date.VerbatimFormatStyle(
            format: "\(weekday: .abbreviated) \(day: .defaultDigits) \(month: .abbreviated)",
            locale: locale, timeZone: timeZone, calendar: calendar)
        decimalStyle = Decimal.FormatStyle(locale: locale).precision(.fractionLength(2)).grouping(.never)
    }

    /// Time of day: `6:00 PM`.
    public func time(_ date: Date) -> String { timeStyle.format(date) }

    /// Short date: `Thu 4 Jun`.
    public func shortDate(_ date: Date) -> String { shortDateStyle.format(date) }

    /// Relative to `now`: `in 2 days`, `5 minutes ago`, `now`.
    public func relative(_ date: Date, to now: Date) -> String {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return Date.AnchoredRelativeFormatStyle(
                anchor: date, presentation: .named, unitsStyle: .wide, locale: locale, calendar: calendar
            ).format(now)
        }
        return relativeBeforeAnchoredStyle(date, to: now)
    }

    /// macOS 14 / iOS 17 have no anchored relative style (and `RelativeDateTimeFormatter` does not exist on
    /// Linux): the largest whole unit, localized by `Duration.UnitsFormatStyle`, with English direction words.
    private func relativeBeforeAnchoredStyle(_ date: Date, to now: Date) -> String {
        let seconds = date.timeIntervalSince(now)
        guard abs(seconds) >= 1 else { return "now" }
        let amount = Duration.seconds(abs(seconds).rounded(.down)).formatted(
            .units(allowed: [.weeks, .days, .hours, .minutes, .seconds], width: .wide, maximumUnitCount: 1)
                .locale(locale))
        return seconds > 0 ? "in \(amount)" : "\(amount) ago"
    }

    /// Two fraction digits: `2.00`.
    public func decimal(_ value: Decimal) -> String { decimalStyle.format(value) }
}
