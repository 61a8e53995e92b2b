import Foundation

/// What the last operation of a ``ClassDeskStore`` did.
public enum DeskActionResult: Sendable, Hashable {
    /// The class was cancelled, its bookings refunded.
    case cancelled(ClassCancellation)
    /// The class's capacity is now this.
    case capacityChanged(Int)
}
