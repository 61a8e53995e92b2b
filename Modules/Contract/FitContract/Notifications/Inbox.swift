import FitCore
import FitInMemory
import Foundation

/// Writes a member's inbox row in the caller's transaction, as the SQL functions and triggers of
/// `0015_waitlist_on_time.sql` insert into `notifications`: the row commits with what it reports, or not at all.
enum Inbox {
    /// Inserts one notification of `kind` for `member`.
    ///
    /// - Parameters:
    ///   - member: The member told.
    ///   - kind: One of ``NotificationsSchema/kinds``.
    ///   - values: The other columns (`class_session_id`, `booking_id`, `reason`, `amount`, `starts_at`).
    ///   - transaction: The transaction that did what the row reports.
    static func tell(
        _ member: DatabaseValue, _ kind: String, _ values: [String: DatabaseValue] = [:],
        in transaction: inout InMemoryTransaction
    ) throws {
        var row = values
        row["member_id"] = member
        row["kind"] = .text(kind)
        try transaction.insert(into: NotificationsSchema.table.name, row)
    }
}
