import FitCore
import FitInMemory
import Foundation
import StudioDesk

/// `desk_move_in_line(session_id uuid, member_id uuid, place integer) returns json` of
/// `Backend/migrations/0022_desk_classes.sql`: staff move a waiting member to `place`; they, then everyone from that
/// place on, take the identity's next positions in that order. Returns the line as ``DeskLine`` does.
enum DeskMoveInLine {
    static let name = "desk_move_in_line"

    @Sendable static func run(_ transaction: inout InMemoryTransaction, _ arguments: FunctionArguments) throws
        -> JSONValue
    {
        let id = try arguments.uuid("session_id")
        let member = try arguments.uuid("member_id")
        _ = try transaction.deskClass(id)
        let line = try WaitlistRules.line(of: .uuid(id), in: transaction)
        guard let entry = line.first(where: { $0["member_id"] == .uuid(member) }) else {
            throw DeskError.notInLine.databaseError
        }
        let place = try arguments.optionalInteger("place")
        guard let place, (1...line.count).contains(place) else { throw DeskError.notInLinePlace.databaseError }
        let others = line.filter { $0["id"] != entry["id"] }
        // `position = default`: the identity's next value, one more than the table's largest.
        var next =
            (try transaction.records(in: WaitlistSchema.entries.name).compactMap { $0["position"].intValue }.max() ?? 0)
            + 1
        for requeued in [entry] + others.dropFirst(place - 1) {
            try transaction.update(
                WaitlistSchema.entries.name, where: { $0["id"] == requeued["id"] },
                set: ["position": .integer(Int64(next))])
            next += 1
        }
        return try DeskLine.run(&transaction, arguments)
    }
}
