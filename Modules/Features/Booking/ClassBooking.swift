import Foundation

/// A member's place in a class session (`bookings` row), as `book_session` returns it.
public struct ClassBooking: Codable, Sendable, Hashable, Identifiable {
    /// Active bookings hold a spot; cancelled ones are history.
    public enum Status: String, Codable, Sendable, Hashable {
        /// The booking holds a spot in the class.
        case active
        /// The member or the studio cancelled the booking; it no longer holds a spot.
        case cancelled
    }

    /// The booking's id, what ``BookingQueries/cancelBooking(id:)`` takes.
    public var id: UUID
    /// The member who booked.
    public var memberId: UUID
    /// The class session booked (`class_session_id`).
    public var classSessionId: UUID
    /// Whether the booking still holds a spot.
    public var status: Status
    /// When the booking was made (the database's `now()`).
    public var createdAt: Date
    /// When the booking was cancelled; `nil` while active.
    public var cancelledAt: Date?

    /// Creates a booking as `book_session` returns it.
    ///
    /// - Parameters:
    ///   - id: The booking's id.
    ///   - memberId: The member who booked.
    ///   - classSessionId: The class session booked.
    ///   - status: Active (the default) or cancelled.
    ///   - createdAt: When the booking was made.
    ///   - cancelledAt: When it was cancelled, if it was.
    public init(
        id: UUID, memberId: UUID, classSessionId: UUID, status: Status = .active, createdAt: Date,
        cancelledAt: Date? = nil
    ) {
        self.id = id
        self.memberId = memberId
        self.classSessionId = classSessionId
        self.status = status
        self.createdAt = createdAt
        self.cancelledAt = cancelledAt
    }
}
