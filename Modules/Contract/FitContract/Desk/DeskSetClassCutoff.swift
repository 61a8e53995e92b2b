import FitCore
import FitInMemory
import Foundation
import StudioDesk

/// `desk_set_class_cutoff(session_id uuid, minutes integer default null) returns json` of
/// `Backend/migrations/0023_studio_rules.sql`: staff set one class's waitlist cutoff over its studio's (none: the
/// studio's again). Returns `{session_id, waitlist_cutoff_minutes}`.
enum DeskSetClassCutoff {
    static let name = "desk_set_class_cutoff"

    @Sendable static func run(_ transaction: inout InMemoryTransaction, _ arguments: FunctionArguments) throws
        -> JSONValue
    {
        let id = try arguments.uuid("session_id")
        _ = try transaction.deskClass(id)
        let minutes = try arguments.optionalInteger("minutes")
        if let minutes, !(0...10_080).contains(minutes) { throw DeskError.invalidWaitlistCutoff.databaseError }
        try transaction.update(
            "class_sessions", where: { $0["id"] == .uuid(id) },
            set: ["waitlist_cutoff_minutes": minutes.map { .integer(Int64($0)) } ?? .null])
        return .object([
            "session_id": .string(id.uuidString.lowercased()),
            "waitlist_cutoff_minutes": minutes.map { .number(Decimal($0)) } ?? .null,
        ])
    }
}
