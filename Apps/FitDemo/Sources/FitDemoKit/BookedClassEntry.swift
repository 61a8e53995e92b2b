import Booking
import Events
import Foundation

/// A booked class as something Events can count down to: the demo adapts Booking's value to Events'
/// ``CalendarEntryConvertible`` here, so neither module has to import the other.
struct BookedClassEntry: CalendarEntryConvertible {
    let session: BookableSession
    let start: Date

    /// `nil` for a class without a start time (nothing to count down to).
    init?(_ session: BookableSession) {
        guard let start = session.startTime else { return nil }
        self.session = session
        self.start = start
    }

    var calendarEntryTitle: String { session.name }
    var calendarEntryStart: Date { start }
}
