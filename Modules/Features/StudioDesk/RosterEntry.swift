import Foundation

/// One member booked into a class, as the desk's roster shows them (``DeskQueries/roster(of:)``).
public struct RosterEntry: Codable, Sendable, Hashable, Identifiable {
    /// The booking.
    public var bookingId: UUID
    /// Who booked.
    public var memberId: UUID
    /// Their display name.
    public var displayName: String
    /// When they booked.
    public var bookedAt: Date

    /// The booking's id, so lists can identify rows.
    public var id: UUID { bookingId }

    /// A roster line.
    ///
    /// - Parameters:
    ///   - bookingId: The booking.
    ///   - memberId: Who booked.
    ///   - displayName: Their display name.
    ///   - bookedAt: When they booked.
    public init(bookingId: UUID, memberId: UUID, displayName: String, bookedAt: Date) {
        self.bookingId = bookingId
        self.memberId = memberId
        self.displayName = displayName
        self.bookedAt = bookedAt
    }
}
