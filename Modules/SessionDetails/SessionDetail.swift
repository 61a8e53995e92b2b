import Booking
import Foundation

/// What the session-details screen loads: the class and the member's active booking for it.
public struct SessionDetail: Sendable, Hashable {
    public var session: BookableSession
    /// The member's active booking for the session (needed to cancel); `nil` when not booked or no member.
    public var bookingId: UUID?

    public init(session: BookableSession, bookingId: UUID?) {
        self.session = session
        self.bookingId = bookingId
    }
}
