import FitCore
import FitInMemory
import Foundation

/// `fitkit_count_bookings` of `Backend/migrations/0013_owner_run_triggers.sql` for the in-memory database: a class's
/// `booked_count` follows its active bookings, in the transaction that changed them.
enum BookedCount {
    static let trigger = InMemoryTrigger(name: "fitkit_count_bookings", on: "bookings") { transaction, rows in
        var change: [DatabaseValue: Int] = [:]
        for row in rows {
            if let old = row.old, old["status"] == .text("active") { change[old["class_session_id"], default: 0] -= 1 }
            if let new = row.new, new["status"] == .text("active") { change[new["class_session_id"], default: 0] += 1 }
        }
        for (session, delta) in change where delta != 0 {
            guard let current = try transaction.records(in: "class_sessions", where: { $0["id"] == session }).first
            else { continue }
            let count = (current["booked_count"].intValue ?? 0) + delta
            try transaction.update(
                "class_sessions", where: { $0["id"] == session }, set: ["booked_count": .integer(Int64(count))])
        }
    }
}
