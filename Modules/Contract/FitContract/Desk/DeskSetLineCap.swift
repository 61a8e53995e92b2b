import FitCore
import FitInMemory
import Foundation
import StudioDesk

/// `desk_set_line_cap(session_id uuid, line_cap integer default null) returns json` of
/// `Backend/migrations/0023_studio_rules.sql`: staff set one class's line cap over its studio's (none: the studio's
/// again). Returns `{session_id, line_cap}`.
enum DeskSetLineCap {
    static let name = "desk_set_line_cap"

    @Sendable static func run(_ transaction: inout InMemoryTransaction, _ arguments: FunctionArguments) throws
        -> JSONValue
    {
        let id = try arguments.uuid("session_id")
        _ = try transaction.deskClass(id)
        let cap = try arguments.optionalInteger("line_cap")
        if let cap, !(1...1_000).contains(cap) { throw DeskError.invalidLineCap.databaseError }
        try transaction.update(
            "class_sessions", where: { $0["id"] == .uuid(id) },
            set: ["line_cap": cap.map { .integer(Int64($0)) } ?? .null])
        return .object([
            "session_id": .string(id.uuidString.lowercased()), "line_cap": cap.map { .number(Decimal($0)) } ?? .null,
        ])
    }
}
