import Foundation

/// One signed movement of credits (`credit_ledger` row): a purchase, a booking debit, a refund, …
public struct CreditLedgerEntry: Codable, Sendable, Hashable, Identifiable {
    /// Why credits moved; the values of the table's `reason` check.
    public enum Reason: String, Codable, Sendable, Hashable, CaseIterable {
        case purchase, booking, refund, expiry, adjustment
    }

    public var id: UUID
    public var memberId: UUID
    /// Positive for credits gained, negative for credits spent.
    public var amount: Decimal
    public var reason: Reason
    /// The booking a debit or refund belongs to.
    public var bookingId: UUID?
    /// When purchased credits lapse, if they do.
    public var expiresAt: Date?
    public var createdAt: Date

    public init(
        id: UUID, memberId: UUID, amount: Decimal, reason: Reason, bookingId: UUID? = nil, expiresAt: Date? = nil,
        createdAt: Date
    ) {
        self.id = id
        self.memberId = memberId
        self.amount = amount
        self.reason = reason
        self.bookingId = bookingId
        self.expiresAt = expiresAt
        self.createdAt = createdAt
    }
}
