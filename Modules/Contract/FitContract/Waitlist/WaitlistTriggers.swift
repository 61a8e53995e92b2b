import FitCore
import FitInMemory
import Foundation
import Waitlist

/// The waitlist's triggers: those of `0009_waitlist.sql` that promote from a line in the transaction that freed a spot,
/// and `fitkit_tell_class_change` of `0015_waitlist_on_time.sql`.
enum WaitlistTriggers {
    /// `fitkit_count_waiting` of `0016_waiting_count.sql` on `waitlist_entries`: a class's `waiting_count` follows its
    /// waiting entries, so every change to a line changes a row every member may read and follow.
    static let countWaiting = ClassSessionCount.trigger(
        "fitkit_count_waiting", on: WaitlistSchema.entries.name, counting: "waiting", into: "waiting_count")

    /// `fitkit_tell_class_change` on `class_sessions`: a class the studio cancels closes its line at once (`FW005`) and
    /// tells its booked and waiting members; a class moved to another time tells them its new start.
    static let classChange = InMemoryTrigger(name: "fitkit_tell_class_change", on: "class_sessions") {
        transaction, rows in
        for row in rows {
            guard let old = row.old, let new = row.new else { continue }
            let id = new["id"]
            let cancelled = old["cancelled_at"] == .null && new["cancelled_at"] != .null
            let moved = new["cancelled_at"] == .null && old["starts_at"] != new["starts_at"]
            guard cancelled || moved else { continue }
            var told: [DatabaseValue] = []
            if cancelled {
                let closed = try transaction.update(
                    WaitlistSchema.entries.name,
                    where: { $0["class_session_id"] == id && $0["status"] == .text("waiting") },
                    set: [
                        "status": .text("closed"), "note": .text(WaitlistError.classCancelled.rawValue),
                        "resolved_at": .timestamp(transaction.now),
                    ])
                told = closed.map { $0["member_id"] }
            } else {
                told = try WaitlistRules.line(of: id, in: transaction).map { $0["member_id"] }
            }
            told += try transaction.records(in: "bookings") {
                $0["class_session_id"] == id && $0["status"] == .text("active")
            }.map { $0["member_id"] }
            var seen: Set<DatabaseValue> = []
            for member in told where seen.insert(member).inserted {
                try Inbox.tell(
                    member, cancelled ? "class_cancelled" : "class_moved",
                    cancelled ? ["class_session_id": id] : ["class_session_id": id, "starts_at": new["starts_at"]],
                    in: &transaction)
            }
        }
    }

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
