import Credits
import FitCore
import Foundation

/// The booking half of `Backend/migrations` for the in-memory database: `studios`, `class_sessions`,
/// `bookings` (with the partial unique index), the `bookable_sessions` view and the `book_session` /
/// `cancel_booking` RPCs, plus the Credits schema they write to. The demo and tests call ``install(on:)``.
public enum BookingSchema {
    /// `studios`: public read.
    public static let studios = TableSchema(
        name: "studios",
        columns: [
            Column("id", .uuid, default: .generatedUUID),
            Column("name", .text),
            Column("time_zone", .text),
        ],
        access: .publicRead
    )

    /// `class_sessions`: the timetable; public read.
    public static let classSessions = TableSchema(
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
            Column("credit_cost", .numeric),
            Column("cancelled_at", .timestamp, nullable: true),
        ],
        checks: [
            CheckConstraint(name: "class_sessions_duration_minutes_check") { ($0["duration_minutes"].intValue ?? 1) > 0 },
            CheckConstraint(name: "class_sessions_capacity_check") { ($0["capacity"].intValue ?? 0) >= 0 },
            CheckConstraint(name: "class_sessions_credit_cost_check") { ($0["credit_cost"].decimalValue ?? 0) >= 0 },
        ],
        foreignKeys: [ForeignKey("studio_id", references: "studios")],
        access: .publicRead
    )

    /// `bookings`: members read their own; only the RPCs (and the service role) write. At most one active
    /// booking per member and session (`bookings_one_active_per_member`, a partial unique index).
    public static let bookings = TableSchema(
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
            ForeignKey("member_id", references: "members"),
            ForeignKey("class_session_id", references: "class_sessions"),
        ],
        access: .ownedBy(column: "member_id", memberWritable: false)
    )

    /// Installs everything (Credits' schema first); installing twice is harmless.
    public static func install(on database: InMemoryDatabase) throws {
        try CreditsSchema.install(on: database)
        for table in [studios, classSessions, bookings] where !database.hasRelation(named: table.name) {
            try database.createTable(table)
        }
        if !database.hasRelation(named: BookableSessionsView.schema.name) {
            database.createView(BookableSessionsView.schema)
        }
        if !database.hasRelation(named: BookingFunctions.bookSession) {
            database.createFunction(BookingFunctions.bookSession, BookingFunctions.bookSessionBody)
        }
        if !database.hasRelation(named: BookingFunctions.cancelBooking) {
            database.createFunction(BookingFunctions.cancelBooking, BookingFunctions.cancelBookingBody)
        }
    }
}
