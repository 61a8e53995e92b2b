import Foundation

/// A member's credits as `credit_summary()` reports them: what the credit chip shows.
public struct CreditSummary: Codable, Sendable, Hashable {
    /// The sum of the member's ledger.
    public var balance: Decimal
    /// Credits that expire within the next 14 days (never more than the balance).
    public var expiringSoon: Decimal
    /// The earliest of those expiry dates; `nil` when nothing expires soon.
    public var earliestExpiry: Date?

    /// Creates a summary as `credit_summary()` returns it.
    ///
    /// - Parameters:
    ///   - balance: The sum of the member's ledger, in credits.
    ///   - expiringSoon: Credits expiring within 14 days, never more than `balance`.
    ///   - earliestExpiry: The earliest of those expiry dates, if any.
    public init(balance: Decimal, expiringSoon: Decimal = 0, earliestExpiry: Date? = nil) {
        self.balance = balance
        self.expiringSoon = expiringSoon
        self.earliestExpiry = earliestExpiry
    }
}
