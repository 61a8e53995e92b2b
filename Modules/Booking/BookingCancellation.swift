import Foundation

/// What `cancel_booking` returns: the cancelled booking and the credits given back.
public struct BookingCancellation: Codable, Sendable, Hashable {
    public var bookingId: UUID
    /// The full credit cost when cancelled at least 12 hours ahead (``BookingPolicy/fullRefundNotice``), else 0.
    public var refunded: Decimal

    public init(bookingId: UUID, refunded: Decimal) {
        self.bookingId = bookingId
        self.refunded = refunded
    }
}
