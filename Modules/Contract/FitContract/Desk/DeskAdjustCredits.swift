import FitCore
import FitInMemory
import Foundation
import StudioDesk

/// `desk_adjust_credits(studio_id uuid, member_id uuid, amount numeric, note text) returns json` of
/// `Backend/migrations/0022_desk_classes.sql`: an owner grants or takes back credits with a reason, as an
/// `adjustment` ledger row. Returns `{id, member_id, amount, note}`.
enum DeskAdjustCredits {
    static let name = "desk_adjust_credits"

    @Sendable static func run(_ transaction: inout InMemoryTransaction, _ arguments: FunctionArguments) throws
        -> JSONValue
    {
        let studio = try arguments.uuid("studio_id")
        let member = try arguments.uuid("member_id")
        _ = try transaction.deskStaff(of: .uuid(studio), ownersOnly: true)
        guard let amount = try arguments.decimal("amount"), amount != 0, abs(amount) <= 1_000 else {
            throw DeskError.invalidCreditAmount.databaseError
        }
        guard let note = try arguments.text("note"), !SQLText.btrimmed(note).isEmpty else {
            throw DeskError.missingReason.databaseError
        }
        guard try !transaction.records(in: "members", where: { $0["id"] == .uuid(member) }).isEmpty else {
            throw DeskError.memberNotFound.databaseError
        }
        let balance = try transaction.records(in: "credit_ledger") { $0["member_id"] == .uuid(member) }
            .reduce(Decimal(0)) { $0 + ($1["amount"].decimalValue ?? 0) }
        guard balance + amount >= 0 else { throw DeskError.notEnoughCredits.databaseError }
        let added = try transaction.insert(
            into: "credit_ledger",
            [
                "member_id": .uuid(member), "amount": .numeric(amount), "reason": .text("adjustment"),
                "note": .text(SQLText.btrimmed(note)),
            ])
        return .object([
            "id": added["id"].json, "member_id": added["member_id"].json, "amount": added["amount"].json,
            "note": added["note"].json,
        ])
    }
}
