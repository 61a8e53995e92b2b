import Foundation

/// A member's place in a class session (`bookings` row), as `book_session` returns it.
public struct ClassBooking: Codable, Sendable, Hashable, Identifiable {
    /// Active bookings hold a spot; cancelled ones are history.
    public enum Status: String, Codable, Sendable, Hashable {
        case active, cancelled
    }

    public var id: UUID
    public var memberId: UUID
    public var classSessionId: UUID
    public var status: Status
    public var createdAt: Date
    public var cancelledAt: Date?

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
