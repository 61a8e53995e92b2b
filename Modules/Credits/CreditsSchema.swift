import FitCore
import Foundation

/// The `credit_ledger` table and the `credit_summary()` function of `Backend/migrations`, for the in-memory
/// database. Every credit movement is one signed ledger row, so a balance is always the sum of the ledger.
public enum CreditsSchema {
    /// How far ahead `credit_summary()` looks for expiring credits.
    public static let expiryWarningWindow: TimeInterval = 14 * 24 * 60 * 60

    /// The ledger reasons the table's check constraint allows.
    public static let reasons: Set<String> = ["purchase", "booking", "refund", "expiry", "adjustment"]

    /// `credit_ledger`: members read their own rows; only RPCs and the service role write.
    /// `booking_id` references `bookings`, which the Booking module installs.
    public static let ledgerTable = TableSchema(
        name: "credit_ledger",
        columns: [
            Column("id", .uuid, default: .generatedUUID),
            Column("member_id", .uuid),
            Column("amount", .numeric),
            Column("reason", .text),
            Column("booking_id", .uuid, nullable: true),
            Column("expires_at", .timestamp, nullable: true),
            Column("created_at", .timestamp, default: .now),
        ],
        checks: [
            CheckConstraint(name: "credit_ledger_amount_check") { record in
                guard let amount = record["amount"].decimalValue else { return true }
                return amount != 0
            },
            CheckConstraint(name: "credit_ledger_reason_check") { record in
                guard let reason = record["reason"].textValue else { return true }
                return reasons.contains(reason)
            },
        ],
        foreignKeys: [
            ForeignKey("member_id", references: "members"),
            ForeignKey("booking_id", references: "bookings"),
        ],
        access: .ownedBy(column: "member_id", memberWritable: false)
    )

    /// Creates `members` and `credit_ledger` and registers `credit_summary`; installing twice is harmless.
    public static func install(on database: InMemoryDatabase) throws {
        try MembersSchema.install(on: database)
        if !database.hasRelation(named: ledgerTable.name) {
            try database.createTable(ledgerTable)
        }
        if !database.hasRelation(named: "credit_summary") {
            database.createFunction("credit_summary", creditSummary)
        }
    }

    /// `credit_summary() returns json`: `{balance, expiring_soon, earliest_expiry}` for the acting member.
    /// Expiring credits are positive rows expiring in `(now, now + 14 days]`, capped by the balance (spent
    /// credits cannot expire) and never below zero.
    @Sendable static func creditSummary(_ transaction: inout Transaction, _ arguments: FunctionArguments) throws -> JSONValue {
        let member = try transaction.signedInMember()
        let now = transaction.now
        let horizon = now.addingTimeInterval(expiryWarningWindow)
        var balance = Decimal.zero
        var expiring = Decimal.zero
        var earliest: Date?
        for row in try transaction.records(in: ledgerTable.name, where: { $0["member_id"] == .uuid(member) }) {
            let amount = row["amount"].decimalValue ?? 0
            balance += amount
            if amount > 0, let expiry = row["expires_at"].dateValue, expiry > now, expiry <= horizon {
                expiring += amount
                earliest = min(earliest ?? expiry, expiry)
            }
        }
        let expiringSoon = max(min(balance, expiring), 0)
        return .object([
            "balance": .number(balance),
            "expiring_soon": .number(expiringSoon),
            "earliest_expiry": earliest.map { .string(WireDate.string(from: $0)) } ?? .null,
        ])
    }
}
