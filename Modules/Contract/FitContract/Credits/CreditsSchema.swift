import Credits
import FitCore
import FitInMemory
import Foundation

/// The `credit_ledger` table of `Backend/migrations/0002_schema.sql` (its policy from `0005_rls.sql`, its reasons from
/// `0017_app_ledger_reasons.sql`), for the in-memory database. Every credit movement is one signed ledger row, so a
/// balance is always the sum of the ledger.
enum CreditsSchema {
    /// `credit_ledger`: members read their own rows; only RPCs and the service role write.
    /// `booking_id` references `bookings`.
    static let ledgerTable = TableSchema(
        name: "credit_ledger",
        columns: [
            Column("id", .uuid, default: .generatedUUID),
            Column("member_id", .uuid),
            Column("amount", .numeric, precision: (8, 2)),
            Column("reason", .text),
            Column("booking_id", .uuid, nullable: true),
            Column("expires_at", .timestamp, nullable: true),
            Column("created_at", .timestamp, default: .now),
            // `0022_desk_classes.sql`: a desk adjustment's reason, as the member reads it.
            Column("note", .text, nullable: true),
        ],
        checks: [
            CheckConstraint(name: "credit_ledger_amount_check") { record in
                guard let amount = record["amount"].decimalValue else { return true }
                return amount != 0
            },
            CheckConstraint(name: "credit_ledger_reason_check") { record in
                guard let reason = record["reason"].textValue else { return true }
                return CreditLedgerEntry.Reason(rawValue: reason).isValid
            },
        ],
        foreignKeys: [
            ForeignKey("member_id", references: "members", onDelete: .cascade),
            ForeignKey("booking_id", references: "bookings"),
        ],
        access: .ownedBy(column: "member_id", memberWritable: false)
    )
}
