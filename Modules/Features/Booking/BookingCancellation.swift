import Foundation

/// What `cancel_booking` returns: the cancelled booking and the credits given back.
public struct BookingCancellation: Codable, Sendable, Hashable {
    /// The booking that is now cancelled.
    public var bookingId: UUID
    /// The full credit cost when cancelled up to the studio's deadline (``BookingPolicy/fullRefundUntil``), else 0.
    public var refunded: Decimal

    /// Creates the result of a cancellation.
    ///
    /// - Parameters:
    ///   - bookingId: The cancelled booking.
    ///   - refunded: The credits given back (0 inside the no-refund window).
    public init(bookingId: UUID, refunded: Decimal) {
        self.bookingId = bookingId
        self.refunded = refunded
    }
}
