import FitCore
import FitInMemory
import Foundation

/// `fitkit_tell_refund` of `0015_waitlist_on_time.sql`: a refund written to the ledger, by whichever function or back
/// office wrote it, tells its member in the same transaction.
enum RefundNotice {
    static let trigger = InMemoryTrigger(name: "fitkit_tell_refund", on: "credit_ledger") { transaction, rows in
        for row in rows {
            guard row.old == nil, let new = row.new, new["reason"] == .text("refund"),
                (new["amount"].decimalValue ?? 0) > 0
            else { continue }
            let booking = new["booking_id"]
            let session =
                try transaction.records(in: "bookings", where: { booking != .null && $0["id"] == booking }).first?[
                    "class_session_id"] ?? .null
            try Inbox.tell(
                new["member_id"], "refund",
                ["class_session_id": session, "booking_id": booking, "amount": new["amount"]], in: &transaction)
        }
    }
}
