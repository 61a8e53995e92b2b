import Booking
import FitCore
import FitInMemory
import Foundation

/// `book_session(session_id uuid) returns json` of `Backend/migrations/0023_studio_rules.sql`: checks the rules in
/// the SQL's order and writes the booking and its ledger row in one ``InMemoryTransaction`` (the database runs
/// one query at a time, which serializes bookings as the SQL's row locks do). Returns the new booking as the SQL
/// builds it: the six keys of ``resultColumns``, whatever other columns `bookings` has.
enum BookSession {
    static let name = "book_session"

    /// The keys of the SQL's `json_build_object`, in its order.
    static let resultColumns = ["id", "member_id", "class_session_id", "status", "created_at", "cancelled_at"]

    @Sendable static func run(_ transaction: inout InMemoryTransaction, _ arguments: FunctionArguments) throws
        -> JSONValue
    {
        let sessionId = try arguments.uuid("session_id")
        let member = try transaction.signedInMember()
        guard
            let session = try transaction.records(in: "class_sessions", where: { $0["id"] == .uuid(sessionId) })
                .first
        else { throw BookingError.notFound.databaseError }
        if session["cancelled_at"] != .null { throw BookingError.classCancelled.databaseError }
        guard let start = session["starts_at"].dateValue, start > transaction.now else {
            throw BookingError.classStarted.databaseError
        }
        if let days = try StudioPolicies.row(of: session["studio_id"], in: transaction)["booking_opens_days"].intValue,
            transaction.now < start.addingTimeInterval(-Double(days) * 86_400)
        {
            throw BookingError.bookingNotOpen.databaseError
        }
        let active = try transaction.records(in: "bookings") {
            $0["class_session_id"] == .uuid(sessionId) && $0["status"] == .text("active")
        }
        if active.contains(where: { $0["member_id"] == .uuid(member) }) {
            throw BookingError.alreadyBooked.databaseError
        }
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
                [
                    "member_id": .uuid(member), "amount": .numeric(-cost), "reason": .text("booking"),
                    "booking_id": booking["id"],
                ])
        }
        return .object(Dictionary(uniqueKeysWithValues: resultColumns.map { ($0, booking[$0].json) }))
    }
}
