import FitCore
import Foundation

/// Formats values for screens with an explicit locale and time zone, so labels are exact on every machine
/// and show class times in the studio's zone. The format styles are built once, in `init`: keep one
/// formatter per (locale, time zone) and reuse it; do not build one per label.
///
/// The styles cost microseconds per call (far more on Linux), and a screen formats the same few values over
/// and over: so times, dates and decimals are remembered, shared by copies of a formatter. A time label
/// depends only on the local minute of the day and a date label only on the local day, so they are keyed
/// by those; the result is always exactly what the style writes.
///
/// A formatter is one reference to what it holds, so copying one (into each row of a display model, out of a
/// dictionary of formatters by zone) costs one retain, not one per style.
public struct DisplayFormatter: Sendable {
    /// The language and region of words and numbers (`en_US`: "6:00 PM", "Thu 4 Jun"; `de_DE`: "18:00", "Do. 4. Juni").
    public var locale: Locale { memo.locale }
    /// The zone dates are shown in: the studio's for class times, the member's for personal history.
    public var timeZone: TimeZone { memo.timeZone }
    /// A Gregorian calendar in ``timeZone``.
    public var calendar: Calendar { memo.calendar }
    private var timeStyle: DateStyle { memo.timeStyle }
    private var shortDateStyle: DateStyle { memo.shortDateStyle }
    private var decimalStyle: Decimal.FormatStyle { memo.decimalStyle }
    private let memo: Memo

    /// - Parameters:
    ///   - locale: language and region for words and numbers (`en_US`).
    ///   - timeZone: the zone dates are shown in (the studio's zone for class times).
    public init(locale: Locale, timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = locale
        let timeStyle: DateStyle
        let shortDateStyle: DateStyle
        if locale.writesEnglish {
            timeStyle = .verbatim(
                Date.VerbatimFormatStyle(
                    format:
                        "\(hour: .defaultDigits(clock: .twelveHour, hourCycle: .oneBased)):\(minute: .twoDigits) \(dayPeriod: .standard(.abbreviated))",
                    locale: locale, timeZone: timeZone, calendar: calendar))
            shortDateStyle = .verbatim(
                Date.VerbatimFormatStyle(
                    format: "\(weekday: .abbreviated) \(day: .defaultDigits) \(month: .abbreviated)",
                    locale: locale, timeZone: timeZone, calendar: calendar))
        } else {
            // Other languages write times and dates their own way: `18:00`, `Do. 4. Juni`.
            let localized = Date.FormatStyle(locale: locale, calendar: calendar, timeZone: timeZone)
            timeStyle = .localized(localized.hour().minute())
            shortDateStyle = .localized(localized.weekday(.abbreviated).day().month(.abbreviated))
        }
        memo = Memo(
            locale: locale, timeZone: timeZone, calendar: calendar, timeStyle: timeStyle,
            shortDateStyle: shortDateStyle,
            decimalStyle: Decimal.FormatStyle(locale: locale).precision(.fractionLength(2)).grouping(.never))
    }

    /// Time of day: `6:00 PM`.
    ///
    /// - Parameter date: The instant to show, read on the wall clock of ``timeZone``.
    /// - Returns: In English, the hour (12-hour clock, no leading zero), two-digit minute and day period; in other
    ///   languages, the hour and minute as ``locale`` writes them (`18:00`).
    public func time(_ date: Date) -> String {
        guard let local = localSeconds(date) else { return timeStyle.format(date) }
        let minuteOfDay = Int(local - (local / 86_400).rounded(.down) * 86_400) / 60
        return memo.remembered(minuteOfDay, in: \.times) { timeStyle.format(date) }
    }

    /// Short date: `Thu 4 Jun`.
    ///
    /// - Parameter date: The instant whose day (in ``timeZone``) to show.
    /// - Returns: The abbreviated weekday, the day of the month and the abbreviated month in ``locale``'s words and, in
    ///   languages other than English, its order and punctuation (`Do. 4. Juni`).
    public func shortDate(_ date: Date) -> String {
        guard let local = localSeconds(date) else { return shortDateStyle.format(date) }
        return memo.remembered(Int((local / 86_400).rounded(.down)), in: \.dates) { shortDateStyle.format(date) }
    }

    /// The local day `date` falls on in ``timeZone``: its key, heading and span. Remembered like the labels, so a
    /// screen that groups many dates asks the calendar once per day.
    ///
    /// - Parameter date: The instant.
    /// - Returns: The day.
    public func localDay(of date: Date) -> LocalDay {
        // A local day overlaps at most two UTC days: it is remembered under each, and found under the date's.
        let utcDay = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
        if let day = memo.day(containing: date, utcDay: utcDay) { return day }
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let key = LocalDay.key(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
        let interval = calendar.dateInterval(of: .day, for: date) ?? DateInterval(start: date, duration: 0)
        let day = LocalDay(key: key, title: shortDate(date), interval: interval)
        if interval.duration > 0 { memo.remember(day) }
        return day
    }

    /// Whole seconds since 1970 on the wall clock of ``timeZone`` (the styles drop fractions); `nil` far
    /// outside the range of dates anyone shows, which then skip the memo.
    private func localSeconds(_ date: Date) -> Double? {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard abs(seconds) < 1e13 else { return nil }
        return seconds + Double(timeZone.secondsFromGMT(for: date))
    }

    /// Relative to `now`: `in 2 days`, `5 minutes ago`, `now`.
    ///
    /// - Parameters:
    ///   - date: The instant described.
    ///   - now: The instant it is described from (a ``/FitStores/DisplayFormatter`` never reads the clock itself).
    /// - Returns: The distance in the largest whole unit with named presentation (`tomorrow`, `in 2 days`, `5 minutes
    ///   ago`). Before macOS 15 / iOS 18 the direction words (`in`, `ago`, `now`) come from FitStores' catalog.
    public func relative(_ date: Date, to now: Date) -> String {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return Date.AnchoredRelativeFormatStyle(
                anchor: date, presentation: .named, unitsStyle: .wide, locale: locale, calendar: calendar
            ).format(now)
        }
        return relativeBeforeAnchoredStyle(date, to: now)
    }

    /// macOS 14 / iOS 17 have no anchored relative style (and Foundation's relative date-time formatter class is missing on
    /// Linux): the largest whole unit, localized by `Duration.UnitsFormatStyle`, with the catalog's direction words.
    private func relativeBeforeAnchoredStyle(_ date: Date, to now: Date) -> String {
        let seconds = date.timeIntervalSince(now)
        guard abs(seconds) >= 1 else { return localized("now", locale: locale) }
        let amount = Duration.seconds(abs(seconds).rounded(.down)).formatted(
            .units(allowed: [.weeks, .days, .hours, .minutes, .seconds], width: .wide, maximumUnitCount: 1)
                .locale(locale))
        return seconds > 0
            ? localized("in %@", .text(amount), locale: locale) : localized("%@ ago", .text(amount), locale: locale)
    }

    /// Two fraction digits: `2.00`.
    ///
    /// - Parameter value: The number, e.g. a credit balance.
    /// - Returns: The number rounded to exactly two fraction digits with ``locale``'s decimal separator and no grouping
    ///   (`1234.50`, `1234,50`).
    public func decimal(_ value: Decimal) -> String {
        memo.remembered(value, in: \.decimals) { decimalStyle.format(value) }
    }

    /// The formatter's settings and styles, and the labels already written, by key; each table stops growing at
    /// ``limit`` entries.
    private final class Memo: Sendable {
        let locale: Locale
        let timeZone: TimeZone
        let calendar: Calendar
        let timeStyle: DateStyle
        let shortDateStyle: DateStyle
        let decimalStyle: Decimal.FormatStyle

        init(
            locale: Locale, timeZone: TimeZone, calendar: Calendar, timeStyle: DateStyle, shortDateStyle: DateStyle,
            decimalStyle: Decimal.FormatStyle
        ) {
            self.locale = locale
            self.timeZone = timeZone
            self.calendar = calendar
            self.timeStyle = timeStyle
            self.shortDateStyle = shortDateStyle
            self.decimalStyle = decimalStyle
        }

        struct Tables: Sendable {
            var times: [Int: String] = [:]
            var dates: [Int: String] = [:]
            var decimals: [Decimal: String] = [:]
            /// Local days by the UTC days they overlap.
            var days: [Int: [LocalDay]] = [:]
        }

        static let limit = 4096
        private let tables = LockedState(Tables())

        /// The label stored under `key`, or `make()`'s, stored while there is room. `make` runs outside the
        /// lock: two threads may both make a missing label, and both get the same text.
        func remembered<Key: Hashable & Sendable>(
            _ key: Key, in table: WritableKeyPath<Tables, [Key: String]>, make: () -> String
        ) -> String {
            if let label = tables.withLock({ $0[keyPath: table][key] }) { return label }
            let label = make()
            tables.withLock { tables in
                if tables[keyPath: table].count < Self.limit { tables[keyPath: table][key] = label }
            }
            return label
        }

        /// The remembered local day whose span holds `date`, which falls on `utcDay`.
        func day(containing date: Date, utcDay: Int) -> LocalDay? {
            tables.withLock { tables in
                tables.days[utcDay]?.first { $0.interval.start <= date && date < $0.interval.end }
            }
        }

        /// Remembers `day` under each UTC day it overlaps, while there is room.
        func remember(_ day: LocalDay) {
            let first = Int((day.interval.start.timeIntervalSince1970 / 86_400).rounded(.down))
            let last = Int((day.interval.end.timeIntervalSince1970.nextDown / 86_400).rounded(.down))
            tables.withLock { tables in
                guard tables.days.count < Self.limit, first <= last else { return }
                for utcDay in first...last { tables.days[utcDay, default: []].append(day) }
            }
        }
    }
}
