import Foundation

/// The booking rules' numbers, shared by the in-memory RPCs and documented in `Backend/CONTRACT.md`.
public enum BookingPolicy {
    /// Cancelling at least this long before the start refunds the full credit cost; later, nothing.
    /// The boundary is inclusive: exactly 12 hours before the start still refunds (`now() <= starts_at − 12 h`).
    public static let fullRefundNotice: TimeInterval = 12 * 60 * 60

    /// Whether cancelling at `now` refunds a class starting at `start`.
    ///
    /// - Parameters:
    ///   - now: When the booking is cancelled.
    ///   - start: When the class starts.
    /// - Returns: `true` when `now` is at least ``fullRefundNotice`` (12 hours) before `start`, the boundary included.
    public static func refundsInFull(cancellingAt now: Date, classStart start: Date) -> Bool {
        now <= start.addingTimeInterval(-fullRefundNotice)
    }
}
