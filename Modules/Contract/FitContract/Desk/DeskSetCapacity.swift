import FitCore
import FitInMemory
import Foundation
import StudioDesk

/// `desk_set_capacity(session_id uuid, capacity integer) returns json` of `Backend/migrations/0021_studio_desk.sql`:
/// sets the class's capacity (promotions follow through `fitkit_waitlist_promote`). Returns `{session_id, capacity}`.
enum DeskSetCapacity {
    static let name = "desk_set_capacity"

    @Sendable static func run(_ transaction: inout InMemoryTransaction, _ arguments: FunctionArguments) throws
        -> JSONValue
    {
        let id = try arguments.uuid("session_id")
        _ = try transaction.deskClass(id)
        let capacity = try arguments.integer("capacity")
        guard (0...10_000).contains(capacity) else { throw DeskError.invalidCapacity.databaseError }
        try transaction.update(
            "class_sessions", where: { $0["id"] == .uuid(id) }, set: ["capacity": .integer(Int64(capacity))])
        return .object(["session_id": .string(id.uuidString.lowercased()), "capacity": .number(Decimal(capacity))])
    }
}
