import Foundation

/// A `credit_ledger` row as the seed and the back office write it; a `nil` column takes its default.
struct LedgerRow: Encodable, Sendable {
    var id: UUID
    var memberId: UUID
    var amount: Decimal
    var reason: String
    var expiresAt: Date? = nil
    var bookingId: UUID? = nil
    var createdAt: Date? = nil
}
