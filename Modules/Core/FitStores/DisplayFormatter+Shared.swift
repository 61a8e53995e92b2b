import FitCore
import Foundation

extension DisplayFormatter {
    /// Formatters already built, by locale and time-zone identifier.
    private static let built = LockedState<[String: DisplayFormatter]>([:])
    /// How many formatters ``shared(locale:timeZoneIdentifier:)`` keeps; past it, each call builds its own.
    private static let sharedLimit = 256

    /// The formatter for `locale` and the time zone named `timeZoneIdentifier` (`Europe/London`; GMT when the name is
    /// unknown), built once per process and shared by every caller, with the labels it has remembered: a screen that
    /// is built again (a reload) formats what it showed before without asking the format styles again.
    ///
    /// - Parameters:
    ///   - locale: The language and region of words and numbers.
    ///   - timeZoneIdentifier: The IANA name of the zone dates are shown in.
    /// - Returns: The formatter.
    public static func shared(locale: Locale, timeZoneIdentifier: String) -> DisplayFormatter {
        let key = locale.identifier + "|" + timeZoneIdentifier
        if let formatter = built.withLock({ $0[key] }) { return formatter }
        let formatter = DisplayFormatter(locale: locale, timeZone: TimeZone(identifier: timeZoneIdentifier) ?? .gmt)
        built.withLock { built in
            if built.count < sharedLimit, built[key] == nil { built[key] = formatter }
        }
        return formatter
    }
}
