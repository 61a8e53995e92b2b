import FitCore
import FitInMemory
import Foundation

/// The triggers of `0009_waitlist.sql` that promote from a line in the transaction that freed a spot.
enum WaitlistTriggers {
    /// `fitkit_waitlist_promote` on `bookings`: a booking that stops being active (cancelled, deleted).
    static let afterBooking = InMemoryTrigger(name: "fitkit_waitlist_promote on bookings", on: "bookings") {
        transaction, rows in
        for row in rows {
            guard let old = row.old, old["status"] == .text("active"), row.new?["status"] != .text("active") else {
                continue
            }
            try WaitlistRules.promote(session: old["class_session_id"], in: &transaction)
        }
    }

    /// `fitkit_waitlist_promote` on `class_sessions`: a class whose capacity grew.
    static let afterCapacity = InMemoryTrigger(
        name: "fitkit_waitlist_promote on class_sessions", on: "class_sessions"
    ) { transaction, rows in
        for row in rows {
            guard let old = row.old, let new = row.new,
                (new["capacity"].intValue ?? 0) > (old["capacity"].intValue ?? 0)
            else { continue }
            try WaitlistRules.promote(session: new["id"], in: &transaction)
        }
    }
}
