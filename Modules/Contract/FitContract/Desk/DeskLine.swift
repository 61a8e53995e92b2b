import FitCore
import FitInMemory
import Foundation

/// `desk_line(session_id uuid) returns json` of `Backend/migrations/0022_desk_classes.sql`: the class's waiting
/// entries by position, `[{member_id, display_name, place, joined_at}]`.
enum DeskLine {
    static let name = "desk_line"

    @Sendable static func run(_ transaction: inout InMemoryTransaction, _ arguments: FunctionArguments) throws
        -> JSONValue
    {
        let id = try arguments.uuid("session_id")
        _ = try transaction.deskClass(id)
        let names = try transaction.memberNames()
        let waiting = try WaitlistRules.line(of: .uuid(id), in: transaction)
        return .array(
            waiting.enumerated().map { index, entry in
                .object([
                    "member_id": entry["member_id"].json,
                    "display_name": (names[entry["member_id"]] ?? .null).json,
                    "place": .number(Decimal(index + 1)), "joined_at": entry["joined_at"].json,
                ])
            })
    }
}
