import FitCore
import FitInMemory
import Foundation

/// The `notifications` table of `Backend/migrations/0014_member_inbox.sql`, for the in-memory database: a member's
/// inbox, which they read (their own rows) and mark read; only the contract's functions and triggers write it.
enum NotificationsSchema {
    /// The kinds the table's check constraint allows.
    static let kinds: Set<String> = [
        "promoted", "passed_over", "line_closed", "class_cancelled", "class_moved", "refund",
    ]

    /// `notifications`: members read their own rows; only functions, triggers and the service role write.
    static let table = TableSchema(
        name: "notifications",
        columns: [
            Column("id", .uuid, default: .generatedUUID),
            Column("member_id", .uuid),
            Column("kind", .text),
            Column("class_session_id", .uuid, nullable: true),
            Column("booking_id", .uuid, nullable: true),
            Column("reason", .text, nullable: true),
            Column("amount", .numeric, nullable: true, precision: (8, 2)),
            Column("starts_at", .timestamp, nullable: true),
            Column("created_at", .timestamp, default: .now),
            Column("read_at", .timestamp, nullable: true),
        ],
        checks: [
            CheckConstraint(name: "notifications_kind_check") { record in
                guard let kind = record["kind"].textValue else { return true }
                return kinds.contains(kind)
            }
        ],
        foreignKeys: [
            ForeignKey("member_id", references: "members", onDelete: .cascade),
            ForeignKey("class_session_id", references: "class_sessions", onDelete: .cascade),
        ],
        access: .ownedBy(column: "member_id", memberWritable: false)
    )
}
