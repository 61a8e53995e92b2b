import FitCore
import FitInMemory
import Foundation

/// `delete_my_account() returns json` of `Backend/migrations/0010_accounts.sql`: cancels the signed-in member's
/// bookings of classes yet to start, then deletes their auth user, which cascades to the member and every row of
/// theirs. Returns `{member_id, cancelled_bookings}`.
enum DeleteMyAccount {
    static let name = "delete_my_account"

    @Sendable static func run(_ transaction: inout InMemoryTransaction, _ arguments: FunctionArguments) throws
        -> JSONValue
    {
        let member = DatabaseValue.uuid(try transaction.signedInMember())
        let now = transaction.now
        let future = Set(
            try transaction.records(in: "class_sessions") { ($0["starts_at"].dateValue ?? now) > now }.map { $0["id"] })
        let cancelled = try transaction.update(
            "bookings",
            where: {
                $0["member_id"] == member && $0["status"] == .text("active") && future.contains($0["class_session_id"])
            },
            set: ["status": .text("cancelled"), "cancelled_at": .timestamp(now)])
        try transaction.delete(from: MembersSchema.authUsers.name) { $0["id"] == member }
        return .object(["member_id": member.json, "cancelled_bookings": .number(Decimal(cancelled.count))])
    }
}
