import FitCore
import FitInMemory
import Foundation
import StudioDesk

/// `desk_cancel_class(session_id uuid) returns json` of `Backend/migrations/0021_studio_desk.sql`: cancels the class
/// (whose trigger closes its line and tells everyone booked or waiting), then cancels and refunds in full each active
/// booking, in booking order. Returns `{session_id, cancelled_bookings, refunded_credits}`.
enum DeskCancelClass {
    static let name = "desk_cancel_class"

    @Sendable static func run(_ transaction: inout InMemoryTransaction, _ arguments: FunctionArguments) throws
        -> JSONValue
    {
        let id = try arguments.uuid("session_id")
        let session = try transaction.deskClass(id)
        guard session["cancelled_at"] == .null else { throw DeskError.alreadyCancelled.databaseError }
        guard let start = session["starts_at"].dateValue, start > transaction.now else {
            throw DeskError.classStarted.databaseError
        }
        try transaction.update(
            "class_sessions", where: { $0["id"] == .uuid(id) }, set: ["cancelled_at": .timestamp(transaction.now)])
        let cost = session["credit_cost"].decimalValue ?? 0
        let active = try transaction.activeBookings(of: id)
        var refunded: Decimal = 0
        for booking in active {
            if cost > 0 {
                try transaction.insert(
                    into: "credit_ledger",
                    [
                        "member_id": booking["member_id"], "amount": .numeric(cost), "reason": .text("refund"),
                        "booking_id": booking["id"],
                    ])
                refunded += cost
            }
            try transaction.update(
                "bookings", where: { $0["id"] == booking["id"] },
                set: ["status": .text("cancelled"), "cancelled_at": .timestamp(transaction.now)])
        }
        return .object([
            "session_id": .string(id.uuidString.lowercased()), "cancelled_bookings": .number(Decimal(active.count)),
            "refunded_credits": .number(refunded),
        ])
    }
}
