import FitCore
import FitInMemory
import Foundation
import Waitlist

/// `leave_waitlist(session_id uuid) returns json` of `0024_class_cutoffs.sql`: the signed-in member leaves a
/// class's open line; in a closed line their entry reads as closed, so there is nothing to leave (`FW007`).
enum LeaveWaitlist {
    static let name = "leave_waitlist"

    @Sendable static func run(_ transaction: inout InMemoryTransaction, _ arguments: FunctionArguments) throws
        -> JSONValue
    {
        let sessionId = try arguments.uuid("session_id")
        let member = try transaction.signedInMember()
        guard
            let session = try transaction.records(in: "class_sessions", where: { $0["id"] == .uuid(sessionId) }).first,
            WaitlistRules.isOpen(
                session, closesAt: try WaitlistRules.closesAt(session, in: transaction), now: transaction.now)
        else { throw WaitlistError.notWaiting.databaseError }
        let left = try transaction.update(
            WaitlistSchema.entries.name,
            where: {
                $0["member_id"] == .uuid(member) && $0["class_session_id"] == .uuid(sessionId)
                    && $0["status"] == .text("waiting")
            },
            set: ["status": .text("left"), "resolved_at": .timestamp(transaction.now)])
        guard let entry = left.first else { throw WaitlistError.notWaiting.databaseError }
        return WaitlistRules.json(entry, place: nil)
    }
}
