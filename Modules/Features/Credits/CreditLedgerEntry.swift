import Foundation

/// One signed movement of credits (`credit_ledger` row): a purchase, a booking debit, a refund, …
public struct CreditLedgerEntry: Codable, Sendable, Hashable, Identifiable {
    /// The ledger row's id.
    public var id: UUID
    /// The member whose credits moved.
    public var memberId: UUID
    /// Positive for credits gained, negative for credits spent.
    public var amount: Decimal
    /// Why the credits moved.
    public var reason: Reason
    /// The booking a debit or refund belongs to.
    public var bookingId: UUID?
    /// When purchased credits lapse, if they do.
    public var expiresAt: Date?
    /// When the row was written (the database's `now()`).
    public var createdAt: Date
    /// Why the studio granted or took back credits (an `adjustment` from the studio's desk), as the member reads it;
    /// `nil` for other rows.
    public var note: String?

    /// Creates a ledger entry as the `credit_ledger` table stores it.
    ///
    /// - Parameters:
    ///   - id: The row's id.
    ///   - memberId: The member whose credits moved.
    ///   - amount: Positive for credits gained, negative for credits spent.
    ///   - reason: Why they moved.
    ///   - bookingId: The booking a debit or refund belongs to.
    ///   - expiresAt: When purchased credits lapse, if they do.
    ///   - createdAt: When the row was written.
    ///   - note: The studio's reason for an adjustment; `nil` (the default) for none.
    public init(
        id: UUID, memberId: UUID, amount: Decimal, reason: Reason, bookingId: UUID? = nil, expiresAt: Date? = nil,
        createdAt: Date, note: String? = nil
    ) {
        self.id = id
        self.memberId = memberId
        self.amount = amount
        self.reason = reason
        self.bookingId = bookingId
        self.expiresAt = expiresAt
        self.createdAt = createdAt
        self.note = note
    }
}
