import Foundation

/// Something with a title and a start time that a member can add to their countdowns ("Add to calendar").
///
/// Lets other modules (a booked class session, say) become an ``Event`` without Events depending on them:
/// they adopt this protocol, Events never imports them.
public protocol CalendarEntryConvertible {
    /// What the countdown is called (a class's name).
    var calendarEntryTitle: String { get }
    /// When it starts.
    var calendarEntryStart: Date { get }
}

extension Event {
    /// A countdown to something that starts at `start`, such as a booked class.
    public init(
        calendarEntryFor title: String, startingAt start: Date, textColor: RGBAColor = .black, id: UUID = UUID()
    ) {
        self.init(id: id, title: title, date: start, textColor: textColor)
    }

    /// A countdown to `entry` (e.g. a class session that adopts ``CalendarEntryConvertible``).
    public init(calendarEntry entry: some CalendarEntryConvertible, textColor: RGBAColor = .black, id: UUID = UUID()) {
        self.init(
            calendarEntryFor: entry.calendarEntryTitle, startingAt: entry.calendarEntryStart, textColor: textColor,
            id: id)
    }
}
