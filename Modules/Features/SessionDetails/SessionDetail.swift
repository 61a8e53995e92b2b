import Booking
import Foundation

/// What the session-details screen loads: the class and the member's active booking for it.
public struct SessionDetail: Sendable, Hashable {
    /// The class, from the `bookable_sessions` view.
    public var session: BookableSession
    /// The member's active booking for the session (needed to cancel); `nil` when not booked or no member.
    public var bookingId: UUID?

    /// Creates what the screen shows.
    ///
    /// - Parameters:
    ///   - session: The class.
    ///   - bookingId: The member's active booking for it, if any.
    public init(session: BookableSession, bookingId: UUID?) {
        self.session = session
        self.bookingId = bookingId
    }
}
