import FitCore
import FitStores
import Foundation

/// Display values for a class (seed names). Pure and cheap: nothing here builds a formatter.
extension BookableSession {
    /// Credits use one formatter per language's decimal separator, each built once: `2.00`, `2,00`.
    private static let creditFormatters = LockedState<[String: DisplayFormatter]>([:])

    private static func creditFormatter(for locale: Locale) -> DisplayFormatter {
        let separator = locale.decimalSeparator ?? "."
        if let formatter = creditFormatters.withLock({ $0[separator] }) { return formatter }
        let formatter = DisplayFormatter(
            locale: Locale(identifier: separator == "." ? "en_US_POSIX" : locale.identifier), timeZone: .gmt)
        creditFormatters.withLock { $0[separator] = formatter }
        return formatter
    }

    /// Spots left: `4`, or `—` when unknown.
    public var spotsLabel: String {
        spotsRemaining.map(String.init) ?? "—"
    }

    /// What the timetable says of the class's spots: "8 spots", "1 spot left", "Full", "Cancelled", or "— spots"
    /// when unknown; in ``/FitCore/FitLocalization/locale``'s language ("Noch 1 Platz").
    public var availabilityLabel: String {
        if isCancelled { return localized("Cancelled") }
        switch spotsRemaining {
        case nil: return localized("— spots")
        case 0?: return localized("Full")
        case let spots?: return localized("%lld spots", .integer(spots))
        }
    }

    /// Credit cost with two decimals and ``/FitCore/FitLocalization/locale``'s decimal separator: `2.00` (`2,00`), or
    /// `—` when unknown.
    public var creditCostLabel: String {
        creditCost.map(Self.creditFormatter(for: FitLocalization.locale).decimal) ?? "—"
    }

    /// The instructor's name, or `-` when there is none.
    public var instructorLabel: String {
        guard let name = instructorName else { return "-" }
        // Trimming copies the string: skip it when there is nothing to trim (the usual case).
        let blank = CharacterSet.whitespacesAndNewlines
        if let first = name.unicodeScalars.first, let last = name.unicodeScalars.last, !blank.contains(first),
            !blank.contains(last)
        {
            return name
        }
        let trimmed = name.trimmingCharacters(in: blank)
        return trimmed.isEmpty ? "-" : trimmed
    }

    /// Length of the class: `45 min` (`45 Min.`).
    public var durationLabel: String {
        localized("%lld min", .integer(durationMinutes))
    }

    /// Start time and date, formatted by `formatter` (build it once in the studio's time zone,
    /// e.g. with ``displayFormatter(locale:)``); `—` for both when the start time is missing.
    ///
    /// - Parameter formatter: Formats in the studio's time zone and the member's locale.
    /// - Returns: The start time (`6:00 PM`) and short date (`Thu 4 Jun`), or ``SessionDateTimeLabels/unknown`` when
    ///   ``startTime`` is `nil`.
    public func startDateTimeLabels(formatter: DisplayFormatter) -> SessionDateTimeLabels {
        guard let startTime else { return .unknown }
        return SessionDateTimeLabels(time: formatter.time(startTime), date: formatter.shortDate(startTime))
    }

    /// The formatter for this class's studio time zone: the one ``/FitStores/DisplayFormatter`` shares for `locale`
    /// and that zone (``/FitStores/DisplayFormatter/shared(locale:timeZoneIdentifier:)``).
    ///
    /// - Parameter locale: The member's language and region.
    /// - Returns: A ``/FitStores/DisplayFormatter`` in `locale` and this class's studio time zone.
    public func displayFormatter(locale: Locale) -> DisplayFormatter {
        DisplayFormatter.shared(locale: locale, timeZoneIdentifier: studioTimeZone)
    }
}
