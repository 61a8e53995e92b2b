import FitCore
import FitInMemory
import Foundation

/// `studio_policies` of `Backend/migrations/0020_studio_policies.sql` for the in-memory database: each studio's own
/// rules, one row per studio (made by `fitkit_studio_policies` when the studio is); everyone reads, only the service
/// role writes.
enum StudioPolicies {
    /// `full_refund_minutes`'s default: cancelling 12 hours or more before a class refunds in full.
    static let defaultFullRefundMinutes = 720

    static let table = TableSchema(
        name: "studio_policies",
        columns: [
            Column("studio_id", .uuid),
            Column("full_refund_minutes", .integer, default: .value(.integer(Int64(defaultFullRefundMinutes)))),
            // `0023_studio_rules.sql`: off (null) until the studio sets them.
            Column("booking_opens_days", .integer, nullable: true),
            Column("line_cap", .integer, nullable: true),
        ],
        primaryKey: ["studio_id"],
        checks: [
            CheckConstraint(name: "studio_policies_full_refund_minutes_check") { row in
                guard let minutes = row["full_refund_minutes"].intValue else { return true }
                return (0...43_200).contains(minutes)
            },
            CheckConstraint(name: "studio_policies_booking_opens_days_check") { row in
                guard let days = row["booking_opens_days"].intValue else { return true }
                return (1...365).contains(days)
            },
            CheckConstraint(name: "studio_policies_line_cap_check") { row in
                guard let cap = row["line_cap"].intValue else { return true }
                return (1...1_000).contains(cap)
            },
        ],
        foreignKeys: [ForeignKey("studio_id", references: "studios", onDelete: .cascade)],
        access: .publicRead
    )

    /// `fitkit_studio_policies`: a new studio gets its policy row, with the defaults.
    static let trigger = InMemoryTrigger(name: "fitkit_studio_policies", on: "studios") { transaction, rows in
        for row in rows where row.old == nil {
            guard let studio = row.new?["id"],
                try transaction.records(in: table.name, where: { $0["studio_id"] == studio }).isEmpty
            else { continue }
            try transaction.insert(into: table.name, ["studio_id": studio])
        }
    }

    /// The studio's policy row, as `transaction` sees it.
    ///
    /// - Throws: ``/FitCore/DatabaseError`` when the studio has no row, which the trigger rules out.
    static func row(of studio: DatabaseValue, in transaction: InMemoryTransaction) throws -> Record {
        guard let row = try transaction.records(in: table.name, where: { $0["studio_id"] == studio }).first else {
            throw DatabaseError(code: "P0002", message: "studio has no policies")
        }
        return row
    }

    /// The policy row of `studio`, as `transaction` sees it.
    ///
    /// - Throws: ``/FitCore/DatabaseError`` when the studio has no row, which the trigger rules out.
    static func fullRefundMinutes(of studio: DatabaseValue, in transaction: InMemoryTransaction) throws -> Int {
        guard let row = try transaction.records(in: table.name, where: { $0["studio_id"] == studio }).first,
            let minutes = row["full_refund_minutes"].intValue
        else { throw DatabaseError(code: "P0002", message: "studio has no policies") }
        return minutes
    }
}
