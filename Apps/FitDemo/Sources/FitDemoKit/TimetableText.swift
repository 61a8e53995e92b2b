import Booking
import FitCore
import FitStores
import Foundation
import Waitlist

/// Timetable rows as text: times in each studio's time zone (one formatter per zone, built once).
struct TimetableText {
    private var formatters: [String: DisplayFormatter] = [:]
    private let locale: Locale

    /// Builds one formatter per studio time zone among `sessions`.
    init(locale: Locale, sessions: [BookableSession]) {
        self.locale = locale
        for session in sessions where formatters[session.studioTimeZone] == nil {
            formatters[session.studioTimeZone] = session.displayFormatter(locale: locale)
        }
    }

    /// The formatter for the session's studio time zone.
    func formatter(for session: BookableSession) -> DisplayFormatter {
        formatters[session.studioTimeZone] ?? session.displayFormatter(locale: locale)
    }

    /// `  6:30 PM London    Reformer Pilates      Shoreditch Studio   50 min  3.00 cr  8 spots      ✓ booked`
    /// A full class people wait for says how many: `full · 4 waiting`.
    func row(_ session: BookableSession, id: Bool, waiting: Int = 0) -> String {
        let labels = session.startDateTimeLabels(formatter: formatter(for: session))
        var line =
            "  " + TextLayout.right(labels.time, 8) + " " + TextLayout.column(Self.city(session.studioTimeZone), 9)
            + " " + TextLayout.column(session.name, 20) + " " + TextLayout.column(session.studioName, 18)
            + " " + TextLayout.right(session.durationLabel, 6) + "  " + TextLayout.right(session.creditCostLabel, 5)
            + " cr  "
            + Self.availabilityColumn(session, waiting: waiting)
        if session.isBooked { line += " ✓ booked" }
        if id { line += (session.isBooked ? "  " : "           ") + session.sessionId.lowercased }
        return line.trimmingTrailingSpaces
    }

    /// `Mon 23 Nov, 6:30 PM London`: when the class starts, in its studio's time zone.
    func when(_ session: BookableSession) -> String {
        let labels = session.startDateTimeLabels(formatter: formatter(for: session))
        return "\(labels.date), \(labels.time) \(Self.city(session.studioTimeZone))"
    }

    /// ``availability(_:)`` in its 12-character column, with `· N waiting` after a full class's `full`.
    static func availabilityColumn(_ session: BookableSession, waiting: Int) -> String {
        guard waiting > 0, !session.isCancelled, session.spotsRemaining == 0 else {
            return TextLayout.column(availability(session), 12)
        }
        let line = WaitlistLine(sessionId: session.sessionId, waiting: waiting, closesAt: .distantFuture)
        let waitingText = tableCase(line.spotsLabel(for: session))
        return TextLayout.column(waitingText, max(12, waitingText.count))
    }

    /// The class's availability as a table column shows it: `8 spots`, `1 spot left`, `full`, `cancelled`
    /// (German: `Noch 1 Platz`, `Ausgebucht`).
    static func availability(_ session: BookableSession) -> String {
        tableCase(session.availabilityLabel)
    }

    /// A label as the table writes it: lower case in English, as it is in other languages (whose nouns keep their
    /// capitals).
    private static func tableCase(_ label: String) -> String {
        FitLocalization.locale.writesEnglish ? label.lowercased() : label
    }

    /// `Europe/London` → `London`, `America/New_York` → `New York`.
    static func city(_ zone: String) -> String {
        (zone.split(separator: "/").last.map(String.init) ?? zone).replacingOccurrences(of: "_", with: " ")
    }
}

extension String {
    /// The text without the spaces that padding left at its end.
    fileprivate var trimmingTrailingSpaces: String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
