import Foundation

/// What ``DeskQueries/cancelClass(id:)`` did: the class is cancelled, each of its active bookings cancelled and
/// refunded in full, its line closed, and everyone booked or waiting told.
public struct ClassCancellation: Codable, Sendable, Hashable {
    /// The cancelled class.
    public var sessionId: UUID
    /// How many active bookings were cancelled (each refunded in full).
    public var cancelledBookings: Int
    /// The credits refunded in all.
    public var refundedCredits: Decimal

    /// A cancellation's result.
    ///
    /// - Parameters:
    ///   - sessionId: The cancelled class.
    ///   - cancelledBookings: How many active bookings were cancelled.
    ///   - refundedCredits: The credits refunded in all.
    public init(sessionId: UUID, cancelledBookings: Int, refundedCredits: Decimal) {
        self.sessionId = sessionId
        self.cancelledBookings = cancelledBookings
        self.refundedCredits = refundedCredits
    }
}
