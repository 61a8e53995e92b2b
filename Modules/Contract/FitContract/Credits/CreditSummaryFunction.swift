import FitCore
import FitInMemory
import Foundation

/// `credit_summary() returns json` of `Backend/migrations/0011_invoker_rights.sql`: `{balance, expiring_soon,
/// earliest_expiry}` for the signed-in member.
enum CreditSummaryFunction {
    static let name = "credit_summary"

    /// How far ahead the function looks for expiring credits (the SQL's `interval '14 days'`).
    static let expiryWarningWindow: TimeInterval = 14 * 24 * 60 * 60

    /// Expiring credits are positive rows expiring in `(now, now + 14 days]`, capped by the balance (spent
    /// credits cannot expire) and never below zero.
    @Sendable static func run(_ transaction: inout InMemoryTransaction, _ arguments: FunctionArguments) throws
        -> JSONValue
    {
        let member = try transaction.signedInMember()
        let now = transaction.now
        let horizon = now.addingTimeInterval(expiryWarningWindow)
        var balance = Decimal.zero
        var expiring = Decimal.zero
        var earliest: Date?
        for row in try transaction.records(
            in: CreditsSchema.ledgerTable.name, where: { $0["member_id"] == .uuid(member) })
        {
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
