/// How a finished ``BookingAction`` ended.
public enum BookingActionResult: Sendable, Hashable {
    /// The new booking.
    case booked(ClassBooking)
    /// The cancellation and its refund.
    case cancelled(BookingCancellation)
}
