import Foundation

/// What ``DeskQueries/adjustCredits(_:for:at:reason:)`` wrote: one `adjustment` row of the member's ledger, with the
/// reason they read there.
public struct CreditAdjustment: Codable, Sendable, Hashable {
    /// The ledger row.
    public var id: UUID
    /// Whose credits.
    public var memberId: UUID
    /// Credits granted (positive) or taken back (negative).
    public var amount: Decimal
    /// The reason, as the member reads it.
    public var note: String

    /// An adjustment as the ledger holds it.
    ///
    /// - Parameters:
    ///   - id: The ledger row.
    ///   - memberId: Whose credits.
    ///   - amount: Credits granted or taken back.
    ///   - note: The reason.
    public init(id: UUID, memberId: UUID, amount: Decimal, note: String) {
        self.id = id
        self.memberId = memberId
        self.amount = amount
        self.note = note
    }
}
