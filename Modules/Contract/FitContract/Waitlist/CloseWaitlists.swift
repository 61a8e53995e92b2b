import FitCore
import FitInMemory
import Foundation

/// `close_waitlists() returns integer` of `0024_class_cutoffs.sql`: the entries still waiting for a class past its
/// cutoff (or cancelled) become closed and each member is told; returns how many. The service role calls it (a
/// scheduler, a test).
enum CloseWaitlists {
    static let name = "close_waitlists"

    @Sendable static func run(_ transaction: inout InMemoryTransaction, _ arguments: FunctionArguments) throws
        -> JSONValue
    {
        try transaction.requireServiceRole(toCall: name)
        var closing: Set<DatabaseValue> = []
        for session in try transaction.records(in: "class_sessions") {
            let closes = try WaitlistRules.closesAt(session, in: transaction)
            if session["cancelled_at"] != .null || closes.map({ transaction.now >= $0 }) == true {
                closing.insert(session["id"])
            }
        }
        let closed = try transaction.update(
            WaitlistSchema.entries.name,
            where: { $0["status"] == .text("waiting") && closing.contains($0["class_session_id"]) },
            set: ["status": .text("closed"), "resolved_at": .timestamp(transaction.now)])
        for entry in closed {
            try Inbox.tell(
                entry["member_id"], "line_closed", ["class_session_id": entry["class_session_id"]], in: &transaction)
        }
        return .number(Decimal(closed.count))
    }
}
