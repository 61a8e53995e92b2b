import Booking
import Foundation

/// What the session-details screen offers once the waitlist is in play: the booking action as before, or, for a
/// full class the member has not booked, joining its line or leaving it. The successor of
/// ``/Booking/BookingAction`` for an app with a waitlist.
public enum SessionAction: Sendable, Hashable {
    /// Book or cancel, as ``/Booking/BookingAction`` says.
    case booking(BookingAction<BookableSession>)
    /// Join or leave the class's line.
    case waitlist(WaitlistAction)

    /// The button's title: "Book", "Cancel booking", "Join waitlist", "Leave waitlist".
    public var title: String {
        switch self {
        case .booking(.book): localized("Book")
        case .booking(.cancel): localized("Cancel booking")
        case .waitlist(let action): action.title
        }
    }
}

extension WaitlistStore {
    /// What the details screen offers for `session`: leaving the line while the member waits, joining it for a full
    /// class they have not booked (while the list is open), otherwise `booking` (the details store's action).
    ///
    /// - Parameters:
    ///   - session: The class the screen shows.
    ///   - booking: What ``/Booking/BookingAction`` the details store offers, or `nil`.
    /// - Returns: The action, or `nil` when there is none (a cancelled class).
    public func sessionAction(
        for session: BookableSession, booking: BookingAction<BookableSession>?
    ) -> SessionAction? {
        if let waitlist = action(for: session) { return .waitlist(waitlist) }
        return booking.map(SessionAction.booking)
    }
}
