import FitCore
import FitInMemory
import Foundation

/// The `bookable_sessions` view (`Backend/migrations/0020_studio_policies.sql`) for the in-memory database: one row
/// per class session, its spots from the class's `booked_count`, with `is_booked` / `booking_id` for the acting
/// member only, and `full_refund_until` from its studio's policy (the start, for the acting member's booking that a
/// late promotion made).
enum BookableSessionsView {
    static let schema = ViewSchema(
        name: "bookable_sessions",
        columns: [
            Column("session_id", .uuid),
            Column("studio_id", .uuid),
            Column("name", .text),
            Column("class_description", .text, nullable: true),
            Column("instructor_name", .text, nullable: true),
            Column("studio_name", .text),
            Column("studio_time_zone", .text),
            Column("start_time", .timestamp),
            Column("duration_minutes", .integer),
            Column("capacity", .integer),
            Column("spots_remaining", .integer),
            Column("credit_cost", .numeric, precision: (8, 2)),
            Column("is_cancelled", .boolean),
            Column("is_booked", .boolean),
            Column("booking_id", .uuid, nullable: true),
            Column("full_refund_until", .timestamp),
        ],
        orderedRows: rows
    )

    @Sendable static func rows(_ context: ViewContext) throws -> [[DatabaseValue]] {
        // Each studio with its full-refund window in seconds: one lookup per class.
        var notices: [DatabaseValue: TimeInterval] = [:]
        for policy in try context.records(in: StudioPolicies.table.name) {
            notices[policy["studio_id"]] = policy["full_refund_minutes"].intValue.map { TimeInterval($0 * 60) }
        }
        var studios: [DatabaseValue: (record: Record, notice: TimeInterval)] = [:]
        for studio in try context.records(in: "studios") {
            // Inner join: a studio always has its policies (the trigger makes them).
            guard let notice = notices[studio["id"]] else { continue }
            studios[studio["id"]] = (studio, notice)
        }
        var mine: [DatabaseValue: DatabaseValue] = [:]
        // The acting member's bookings that promotions made, with when: one made after the deadline refunds until
        // the start.
        var promotedAt: [DatabaseValue: Date] = [:]
        // The acting member's own bookings, through the owner column's index: the view's work does not grow with
        // other members' bookings (their count is the class's booked_count).
        if let actingMember = context.actingMember.map(DatabaseValue.uuid) {
            for booking in try context.records(in: "bookings", where: "member_id", equals: actingMember)
            where booking["status"] == .text("active") {
                mine[booking["class_session_id"]] = booking["id"]
            }
            for entry in try context.records(in: "waitlist_entries", where: "member_id", equals: actingMember)
            where entry["status"] == .text("promoted") && entry["booking_id"] != .null {
                promotedAt[entry["booking_id"]] = entry["resolved_at"].dateValue
            }
        }
        return try context.records(in: "class_sessions").compactMap { session in
            // Inner join: a session always has its studio (foreign key).
            guard let (studio, notice) = studios[session["studio_id"]] else { return nil }
            let id = session["id"]
            let startsAt = session["starts_at"]
            let booking = mine.isEmpty ? .null : mine[id] ?? .null
            var refundUntil = DatabaseValue.null
            if let start = startsAt.dateValue {
                let deadline = start.addingTimeInterval(-notice)
                let late =
                    !promotedAt.isEmpty && booking != .null && (promotedAt[booking].map { $0 > deadline } ?? false)
                refundUntil = .timestamp(late ? start : deadline)
            }
            let capacity = session["capacity"]
            let spots = Int64(capacity.intValue ?? 0) - Int64(session["booked_count"].intValue ?? 0)
            // In the columns' order.
            return [
                id, session["studio_id"], session["name"], session["description"], session["instructor_name"],
                studio["name"], studio["time_zone"], startsAt, session["duration_minutes"], capacity,
                .integer(max(spots, 0)), session["credit_cost"], .bool(session["cancelled_at"] != .null),
                .bool(booking != .null), booking, refundUntil,
            ]
        }
    }
}
