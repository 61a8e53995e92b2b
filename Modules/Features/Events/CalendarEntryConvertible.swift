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
    ///
    /// - Parameters:
    ///   - title: The countdown's title, e.g. the class's name; validated when the event is stored, not here.
    ///   - start: When it starts.
    ///   - textColor: The title's colour; opaque black by default.
    ///   - id: The new event's id; a new one by default. Pass a stable id to make adding the same entry twice update
    ///     one event.
    public init(
        calendarEntryFor title: String, startingAt start: Date, textColor: RGBAColor = .black, id: UUID = UUID()
    ) {
        self.init(id: id, title: title, date: start, textColor: textColor)
    }

    /// A countdown to `entry` (e.g. a class session that adopts ``CalendarEntryConvertible``).
    ///
    /// - Parameters:
    ///   - entry: The thing to count down to; its ``CalendarEntryConvertible/calendarEntryTitle`` and
    ///     ``CalendarEntryConvertible/calendarEntryStart`` become the title and date.
    ///   - textColor: The title's colour; opaque black by default.
    ///   - id: The new event's id; a new one by default.
    public init(calendarEntry entry: some CalendarEntryConvertible, textColor: RGBAColor = .black, id: UUID = UUID()) {
        self.init(
            calendarEntryFor: entry.calendarEntryTitle, startingAt: entry.calendarEntryStart, textColor: textColor,
            id: id)
    }
}
