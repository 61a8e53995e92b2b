import FitCore
import FitInMemory
import Foundation

/// A count kept on `class_sessions` by a trigger on a table whose rows belong to a class: a row counts while its
/// `status` is `counted`, and the trigger moves the class's `column` in the transaction that changed the rows, as
/// `fitkit_count_bookings` (`0013_owner_run_triggers.sql`) and `fitkit_count_waiting` (`0016_waiting_count.sql`) do.
enum ClassSessionCount {
    /// The trigger named `name` on `table`, keeping `class_sessions.<column>`.
    static func trigger(_ name: String, on table: String, counting counted: String, into column: String)
        -> InMemoryTrigger
    {
        InMemoryTrigger(name: name, on: table) { transaction, rows in
            var change: [DatabaseValue: Int] = [:]
            for row in rows {
                if let old = row.old, old["status"] == .text(counted) {
                    change[old["class_session_id"], default: 0] -= 1
                }
                if let new = row.new, new["status"] == .text(counted) {
                    change[new["class_session_id"], default: 0] += 1
                }
            }
            for (session, delta) in change where delta != 0 {
                guard let current = try transaction.records(in: "class_sessions", where: { $0["id"] == session }).first
                else { continue }
                let count = (current[column].intValue ?? 0) + delta
                try transaction.update(
                    "class_sessions", where: { $0["id"] == session }, set: [column: .integer(Int64(count))])
            }
        }
    }
}
