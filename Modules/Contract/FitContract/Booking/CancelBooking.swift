import Booking
import FitCore
import FitInMemory
import Foundation

/// `cancel_booking(booking_id uuid) returns json` of `Backend/migrations/0020_studio_policies.sql`: cancels one of the
/// signed-in member's bookings and refunds the full cost when cancelled at least the studio's `full_refund_minutes`
/// (``StudioPolicies``) before the class, or at any time before it when the line promoted the member after that
/// deadline, in one ``InMemoryTransaction``. Returns `{booking_id, refunded}`.
enum CancelBooking {
    static let name = "cancel_booking"

    @Sendable static func run(_ transaction: inout InMemoryTransaction, _ arguments: FunctionArguments) throws
        -> JSONValue
    {
        let bookingId = try arguments.uuid("booking_id")
        let member = try transaction.signedInMember()
        // Someone else's booking is reported exactly like a missing one, so ids cannot be probed.
        guard
            let booking = try transaction.records(
                in: "bookings", where: { $0["id"] == .uuid(bookingId) && $0["member_id"] == .uuid(member) }
            ).first
        else { throw BookingError.notFound.databaseError }
        guard booking["status"] == .text("active") else { throw BookingError.bookingNotActive.databaseError }
        guard
            let session = try transaction.records(
                in: "class_sessions", where: { $0["id"] == booking["class_session_id"] }
            ).first,
            let start = session["starts_at"].dateValue
        else { throw BookingError.notFound.databaseError }
        guard start > transaction.now else { throw BookingError.cancellationClosed.databaseError }

        let cost = session["credit_cost"].decimalValue ?? 0
        // The boundary is inclusive: `now() <= starts_at - make_interval(mins => full_refund_minutes)`.
        let notice = try StudioPolicies.fullRefundMinutes(of: session["studio_id"], in: transaction)
        let deadline = start.addingTimeInterval(-Double(notice) * 60)
        let promotedLate = try !transaction.records(in: "waitlist_entries") {
            $0["booking_id"] == .uuid(bookingId) && $0["status"] == .text("promoted")
                && ($0["resolved_at"].dateValue.map { $0 > deadline } ?? false)
        }.isEmpty
        let refund = transaction.now <= deadline || promotedLate ? cost : 0
        if refund > 0 {
            try transaction.insert(
                into: "credit_ledger",
                [
                    "member_id": .uuid(member), "amount": .numeric(refund), "reason": .text("refund"),
                    "booking_id": .uuid(bookingId),
                ])
        }
        try transaction.update(
            "bookings", where: { $0["id"] == .uuid(bookingId) },
            set: ["status": .text("cancelled"), "cancelled_at": .timestamp(transaction.now)])
        return .object(["booking_id": .string(bookingId.uuidString.lowercased()), "refunded": .number(refund)])
    }
}
