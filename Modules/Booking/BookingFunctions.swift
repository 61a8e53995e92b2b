import FitCore
import Foundation

/// `book_session` and `cancel_booking` (`Backend/migrations/0004_functions.sql`) for the in-memory database.
/// Each runs in one ``Transaction``: the booking change and its ledger row commit together or not at all,
/// and the database runs one query at a time, which serializes them as the SQL's row locks do.
/// Checks run in the contract's order, raising ``BookingError``'s codes and messages.
enum BookingFunctions {
    static let bookSession = "book_session"
    static let cancelBooking = "cancel_booking"

    /// `book_session(session_id uuid) returns json`: the new booking row.
    @Sendable static func bookSessionBody(_ transaction: inout Transaction, _ arguments: FunctionArguments) throws -> JSONValue {
        let sessionId = try arguments.uuid("session_id")
        let member = try transaction.signedInMember()
        guard let session = try transaction.records(in: "class_sessions", where: { $0["id"] == .uuid(sessionId) }).first
        else { throw BookingError.notFound.databaseError }
        if session["cancelled_at"] != .null { throw BookingError.classCancelled.databaseError }
        guard let start = session["starts_at"].dateValue, start > transaction.now else {
            throw BookingError.classStarted.databaseError
        }
        let active = try transaction.records(in: "bookings") {
            $0["class_session_id"] == .uuid(sessionId) && $0["status"] == .text("active")
        }
        if active.contains(where: { $0["member_id"] == .uuid(member) }) { throw BookingError.alreadyBooked.databaseError }
        if active.count >= session["capacity"].intValue ?? 0 { throw BookingError.sessionFull.databaseError }
        let cost = session["credit_cost"].decimalValue ?? 0
        let balance = try transaction.records(in: "credit_ledger", where: { $0["member_id"] == .uuid(member) })
            .reduce(Decimal.zero) { $0 + ($1["amount"].decimalValue ?? 0) }
        if balance < cost { throw BookingError.insufficientCredits.databaseError }

        let booking = try transaction.insert(
            into: "bookings", ["member_id": .uuid(member), "class_session_id": .uuid(sessionId)])
        // Free classes leave no ledger trace (amounts are never zero).
        if cost > 0 {
            try transaction.insert(
                into: "credit_ledger",
                ["member_id": .uuid(member), "amount": .numeric(-cost), "reason": .text("booking"), "booking_id": booking["id"]])
        }
        return booking.json
    }

    /// `cancel_booking(booking_id uuid) returns json`: `{booking_id, refunded}`.
    @Sendable static func cancelBookingBody(_ transaction: inout Transaction, _ arguments: FunctionArguments) throws -> JSONValue {
        let bookingId = try arguments.uuid("booking_id")
        let member = try transaction.signedInMember()
        // Someone else's booking is reported exactly like a missing one, so ids cannot be probed.
        guard let booking = try transaction.records(in: "bookings", where: {
            $0["id"] == .uuid(bookingId) && $0["member_id"] == .uuid(member)
        }).first else { throw BookingError.notFound.databaseError }
        guard booking["status"] == .text("active") else { throw BookingError.bookingNotActive.databaseError }
        guard let session = try transaction.records(in: "class_sessions", where: { $0["id"] == booking["class_session_id"] }).first,
            let start = session["starts_at"].dateValue
        else { throw BookingError.notFound.databaseError }
        guard start > transaction.now else { throw BookingError.cancellationClosed.databaseError }

        let cost = session["credit_cost"].decimalValue ?? 0
        let refund = BookingPolicy.refundsInFull(cancellingAt: transaction.now, classStart: start) ? cost : 0
        if refund > 0 {
            try transaction.insert(
                into: "credit_ledger",
                ["member_id": .uuid(member), "amount": .numeric(refund), "reason": .text("refund"), "booking_id": .uuid(bookingId)])
        }
        try transaction.update(
            "bookings", where: { $0["id"] == .uuid(bookingId) },
            set: ["status": .text("cancelled"), "cancelled_at": .timestamp(transaction.now)])
        return .object(["booking_id": .string(bookingId.uuidString.lowercased()), "refunded": .number(refund)])
    }
}
