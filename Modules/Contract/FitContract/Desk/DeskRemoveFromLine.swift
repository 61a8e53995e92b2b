import FitCore
import FitInMemory
import Foundation
import StudioDesk

/// `desk_remove_from_line(session_id uuid, member_id uuid) returns json` of `Backend/migrations/0022_desk_classes.sql`:
/// staff take a waiting member out of a class's line (status `left`, note `FD013`) and tell them. Returns
/// `{session_id, member_id}`.
enum DeskRemoveFromLine {
    static let name = "desk_remove_from_line"

    @Sendable static func run(_ transaction: inout InMemoryTransaction, _ arguments: FunctionArguments) throws
        -> JSONValue
    {
        let id = try arguments.uuid("session_id")
        let member = try arguments.uuid("member_id")
        _ = try transaction.deskClass(id)
        let removed = try transaction.update(
            WaitlistSchema.entries.name,
            where: {
                $0["class_session_id"] == .uuid(id) && $0["member_id"] == .uuid(member)
                    && $0["status"] == .text("waiting")
            },
            set: [
                "status": .text("left"), "note": .text(DeskError.notInLine.rawValue),
                "resolved_at": .timestamp(transaction.now),
            ])
        guard !removed.isEmpty else { throw DeskError.notInLine.databaseError }
        try Inbox.tell(.uuid(member), "line_closed", ["class_session_id": .uuid(id)], in: &transaction)
        return .object([
            "session_id": .string(id.uuidString.lowercased()), "member_id": .string(member.uuidString.lowercased()),
        ])
    }
}
