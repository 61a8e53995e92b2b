import FitCore
import FitInMemory
import Foundation

/// The tables of `Backend/migrations/0009_waitlist.sql`, for the in-memory database: the studios' cutoffs and the
/// lines' entries, with the same columns, checks, keys and access.
enum WaitlistSchema {
    /// The statuses the entries' check allows.
    static let statuses: Set<String> = ["waiting", "promoted", "passed_over", "left", "closed"]

    /// `waitlist_settings`: a studio's cutoff; everyone reads, only the service role writes.
    static let settings = TableSchema(
        name: "waitlist_settings",
        columns: [
            Column("studio_id", .uuid),
            Column("cutoff_minutes", .integer),
        ],
        primaryKey: ["studio_id"],
        checks: [
            CheckConstraint(name: "waitlist_settings_cutoff_minutes_check") { row in
                guard let minutes = row["cutoff_minutes"].intValue else { return true }
                return (0...10_080).contains(minutes)
            }
        ],
        foreignKeys: [ForeignKey("studio_id", references: "studios")],
        access: .publicRead
    )

    /// `waitlist_entries`: members read their own; only the functions (and the service role) write. `position`
    /// numbers the entries in the order they joined (the SQL's identity column).
    static let entries = TableSchema(
        name: "waitlist_entries",
        columns: [
            Column("id", .uuid, default: .generatedUUID),
            Column("class_session_id", .uuid),
            Column("member_id", .uuid),
            Column("position", .integer, default: .identity),
            Column("status", .text, default: .value(.text("waiting"))),
            Column("booking_id", .uuid, nullable: true),
            Column("note", .text, nullable: true),
            Column("joined_at", .timestamp, default: .now),
            Column("resolved_at", .timestamp, nullable: true),
        ],
        unique: [
            UniqueConstraint(
                name: "waitlist_entries_one_waiting", columns: ["class_session_id", "member_id"],
                where: { $0["status"] == .text("waiting") })
        ],
        checks: [
            CheckConstraint(name: "waitlist_entries_status_check") { row in
                guard let status = row["status"].textValue else { return true }
                return statuses.contains(status)
            }
        ],
        foreignKeys: [
            ForeignKey("class_session_id", references: "class_sessions"),
            ForeignKey("member_id", references: "members", onDelete: .cascade),
            ForeignKey("booking_id", references: "bookings"),
        ],
        access: .ownedBy(column: "member_id", memberWritable: false)
    )
}
