import FitCore
import FitInMemory
import Foundation

/// The `current_waitlist_entries` view of `Backend/migrations/0024_class_cutoffs.sql` for the in-memory database:
/// the entries with the status they have now, so a line closes at its cutoff without a scheduler. A waiting entry of
/// a closed line (cancelled, or past its cutoff) reads as closed, resolved when the line closed. With the caller's
/// rights: a member sees their own entries, the service role every entry, an anonymous caller none.
enum CurrentWaitlistEntriesView {
    static let schema = ViewSchema(
        name: "current_waitlist_entries",
        columns: [
            Column("id", .uuid),
            Column("class_session_id", .uuid),
            Column("member_id", .uuid),
            Column("status", .text),
            Column("booking_id", .uuid, nullable: true),
            Column("note", .text, nullable: true),
            Column("joined_at", .timestamp),
            Column("resolved_at", .timestamp, nullable: true),
        ],
        orderedRows: rows
    )

    @Sendable static func rows(_ context: ViewContext) throws -> [[DatabaseValue]] {
        let entries: [Record]
        switch context.role {
        case .service: entries = try context.records(in: WaitlistSchema.entries.name)
        case .anonymous: entries = []
        case .member(let id):
            entries = try context.records(in: WaitlistSchema.entries.name, where: "member_id", equals: .uuid(id))
        }
        var sessions: [DatabaseValue: Record] = [:]
        for session in try context.records(in: "class_sessions") { sessions[session["id"]] = session }
        var cutoffs: [DatabaseValue: TimeInterval] = [:]
        for setting in try context.records(in: WaitlistSchema.settings.name) {
            cutoffs[setting["studio_id"]] = setting["cutoff_minutes"].intValue.map { TimeInterval($0 * 60) }
        }
        return entries.compactMap { entry in
            // Inner join: an entry always has its class (foreign key).
            guard let session = sessions[entry["class_session_id"]] else { return nil }
            // The class's own cutoff, else its studio's, else the default (`fitkit_class_cutoff`).
            let cutoff =
                session["waitlist_cutoff_minutes"].intValue.map { TimeInterval($0 * 60) }
                ?? cutoffs[session["studio_id"]] ?? WaitlistRules.defaultCutoff
            let closesAt = session["starts_at"].dateValue.map { $0.addingTimeInterval(-cutoff) }
            var status = entry["status"]
            var resolvedAt = entry["resolved_at"]
            if status == .text("waiting"), !WaitlistRules.isOpen(session, closesAt: closesAt, now: context.now) {
                status = .text("closed")
                // least(cancelled_at, closes_at): PostgreSQL's least ignores nulls.
                let closed = [session["cancelled_at"].dateValue, closesAt].compactMap { $0 }.min()
                resolvedAt = closed.map(DatabaseValue.timestamp) ?? .null
            }
            return [
                entry["id"], entry["class_session_id"], entry["member_id"], status, entry["booking_id"], entry["note"],
                entry["joined_at"], resolvedAt,
            ]
        }
    }
}
