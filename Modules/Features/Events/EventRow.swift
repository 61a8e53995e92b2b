import FitCore
import FitStores
import Foundation

/// One line of the Countdowns list: what it shows, already formatted. Pure and cheap to rebuild on
/// every tick of ``CountdownTicks``.
public struct EventRow: Sendable, Hashable, Identifiable {
    /// The event's id, so a list can diff rows.
    public let id: UUID
    /// The event's title.
    public let title: String
    /// The colour the title is drawn in.
    public let textColor: RGBAColor
    /// "in 2 days", "5 minutes ago", "now", in the formatter's locale.
    public let relativeDate: String
    /// Whether the event is over (its date is before now).
    public let isPast: Bool
    /// Whether the event has a picture to show.
    public let hasImage: Bool

    /// The row for `event` when it is `now`.
    ///
    /// - Parameters:
    ///   - event: The event to show.
    ///   - now: The current date, which ``relativeDate`` and ``isPast`` are measured from.
    ///   - formatter: Writes ``relativeDate`` in its locale.
    public init(event: Event, now: Date, formatter: DisplayFormatter) {
        id = event.id
        title = event.title
        textColor = event.textColor
        relativeDate = formatter.relative(event.date, to: now)
        isPast = event.date < now
        hasImage = event.imageData != nil
    }

    /// Rows for `events` in the order given (the store keeps them soonest first).
    ///
    /// - Parameters:
    ///   - events: The events to show.
    ///   - now: The current date, the same for every row.
    ///   - formatter: Writes the relative dates.
    /// - Returns: One row per event, in the order of `events`.
    public static func rows(for events: [Event], now: Date, formatter: DisplayFormatter) -> [EventRow] {
        events.map { EventRow(event: $0, now: now, formatter: formatter) }
    }
}
