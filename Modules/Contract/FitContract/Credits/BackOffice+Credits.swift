import Credits
import FitCore
import Foundation

extension BackOffice {
    /// Records a ledger row for a member (a purchase by default); skipped when a ledger row with `id` exists.
    ///
    /// - Parameters:
    ///   - amount: The credits, positive for a purchase or refund, negative for a booking; never 0.
    ///   - memberId: Whose ledger.
    ///   - reason: Why; a purchase by default.
    ///   - expiresAt: When the credits expire, or `nil` (the default) for never.
    ///   - id: The ledger row's id; a new one by default.
    /// - Throws: A ``/FitCore/DatabaseError`` when the database refuses the row (`23503` for a member that does not
    ///   exist, `23514` for a value its check refuses, such as an amount of 0).
    public func addCredits(
        _ amount: Decimal, to memberId: UUID, reason: CreditLedgerEntry.Reason = .purchase, expiresAt: Date? = nil,
        id: UUID = UUID()
    ) async throws {
        try await service.insertSeedRows(
            [LedgerRow(id: id, memberId: memberId, amount: amount, reason: reason.rawValue, expiresAt: expiresAt)],
            into: "credit_ledger")
    }

    /// The sum of a member's ledger, whatever its reasons or expiry dates.
    ///
    /// - Parameter memberId: Whose ledger.
    /// - Returns: The sum of every ledger amount of the member.
    /// - Throws: A ``/FitCore/DatabaseError`` or ``/FitCore/ResponseDecodingError`` from the read.
    public func ledgerBalance(of memberId: UUID) async throws -> Decimal {
        let rows: [CreditLedgerEntry] = try await service.from("credit_ledger").select().eq(
            "member_id", value: memberId
        )
        .execute().value
        return rows.reduce(0) { $0 + $1.amount }
    }
}
