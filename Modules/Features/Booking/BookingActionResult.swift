/// How a finished ``BookingAction`` ended.
public enum BookingActionResult: Sendable, Hashable, CustomStringConvertible {
    /// The new booking.
    case booked(ClassBooking)
    /// The cancellation and its refund.
    case cancelled(BookingCancellation)

    /// `booked 5e550000-…` or `cancelled b0000000-… (refunded 2)`: what a log line or a debugger shows.
    public var description: String {
        switch self {
        case .booked(let booking): "booked \(booking.id.uuidString.lowercased())"
        case .cancelled(let cancellation):
            "cancelled \(cancellation.bookingId.uuidString.lowercased()) (refunded \(cancellation.refunded))"
        }
    }
}
