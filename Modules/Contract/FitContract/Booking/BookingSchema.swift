import FitCore
import FitInMemory
import Foundation

/// The timetable and booking tables of `Backend/migrations/0002_schema.sql` (policies from `0005_rls.sql`) for
/// the in-memory database: `studios`, `class_sessions` and `bookings` (with the partial unique index).
enum BookingSchema {
    /// `studios`: public read.
    static let studios = TableSchema(
        name: "studios",
        columns: [
            Column("id", .uuid, default: .generatedUUID),
            Column("name", .text),
            Column("time_zone", .text),
        ],
        access: .publicRead
    )

    /// `class_sessions`: the timetable; public read.
    static let classSessions = TableSchema(
        name: "class_sessions",
        columns: [
            Column("id", .uuid, default: .generatedUUID),
            Column("studio_id", .uuid),
            Column("name", .text),
            Column("description", .text, nullable: true),
            Column("instructor_name", .text, nullable: true),
            Column("starts_at", .timestamp),
            Column("duration_minutes", .integer),
            Column("capacity", .integer),
            Column("credit_cost", .numeric, precision: (8, 2)),
            Column("cancelled_at", .timestamp, nullable: true),
            // `0011_invoker_rights.sql`: the active bookings, kept by ``BookedCount``.
            Column("booked_count", .integer, default: .value(.integer(0))),
            // 0016_waiting_count.sql: kept by the waitlist's trigger (WaitlistTriggers.countWaiting).
            Column("waiting_count", .integer, default: .value(.integer(0))),
            // `0023_studio_rules.sql`: the class's own line cap and waitlist cutoff, over its studio's.
            Column("line_cap", .integer, nullable: true),
            Column("waitlist_cutoff_minutes", .integer, nullable: true),
        ],
        checks: [
            CheckConstraint(name: "class_sessions_booked_count_check") { ($0["booked_count"].intValue ?? 0) >= 0 },
            CheckConstraint(name: "class_sessions_waiting_count_check") { ($0["waiting_count"].intValue ?? 0) >= 0 },
            CheckConstraint(name: "class_sessions_duration_minutes_check") {
                ($0["duration_minutes"].intValue ?? 1) > 0
            },
            CheckConstraint(name: "class_sessions_capacity_check") { ($0["capacity"].intValue ?? 0) >= 0 },
            CheckConstraint(name: "class_sessions_credit_cost_check") { ($0["credit_cost"].decimalValue ?? 0) >= 0 },
            CheckConstraint(name: "class_sessions_line_cap_check") { row in
                guard let cap = row["line_cap"].intValue else { return true }
                return (1...1_000).contains(cap)
            },
            CheckConstraint(name: "class_sessions_waitlist_cutoff_minutes_check") { row in
                guard let minutes = row["waitlist_cutoff_minutes"].intValue else { return true }
                return (0...10_080).contains(minutes)
            },
        ],
        foreignKeys: [ForeignKey("studio_id", references: "studios")],
        indexes: [.ordered("starts_at")],
        access: .publicRead
    )

    /// `bookings`: members read their own; only the RPCs (and the service role) write. At most one active
    /// booking per member and session (`bookings_one_active_per_member`, a partial unique index).
    static let bookings = TableSchema(
        name: "bookings",
        columns: [
            Column("id", .uuid, default: .generatedUUID),
            Column("member_id", .uuid),
            Column("class_session_id", .uuid),
            Column("status", .text, default: .value(.text("active"))),
            Column("created_at", .timestamp, default: .now),
            Column("cancelled_at", .timestamp, nullable: true),
        ],
        unique: [
            UniqueConstraint(name: "bookings_one_active_per_member", columns: ["member_id", "class_session_id"]) {
                $0["status"] == .text("active")
            }
        ],
        checks: [
            CheckConstraint(name: "bookings_status_check") { record in
                guard let status = record["status"].textValue else { return true }
                return status == "active" || status == "cancelled"
            }
        ],
        foreignKeys: [
            ForeignKey("member_id", references: "members", onDelete: .cascade),
            ForeignKey("class_session_id", references: "class_sessions"),
        ],
        access: .ownedBy(column: "member_id", memberWritable: false)
    )
}
