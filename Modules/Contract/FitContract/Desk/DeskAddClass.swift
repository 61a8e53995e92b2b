import FitCore
import FitInMemory
import Foundation
import StudioDesk

/// `desk_add_class(studio_id, name, starts_at, duration_minutes, capacity, credit_cost, instructor_name,
/// description) returns json` of `Backend/migrations/0022_desk_classes.sql`: staff add a class to their studio.
/// Returns `{session_id}`.
enum DeskAddClass {
    static let name = "desk_add_class"

    @Sendable static func run(_ transaction: inout InMemoryTransaction, _ arguments: FunctionArguments) throws
        -> JSONValue
    {
        let studio = try arguments.uuid("studio_id")
        _ = try transaction.deskStaff(of: .uuid(studio), ownersOnly: false)
        guard let name = try arguments.text("name") else { throw DeskError.missingName.databaseError }
        let duration = try arguments.optionalInteger("duration_minutes")
        let capacity = try arguments.optionalInteger("capacity")
        let cost = try arguments.decimal("credit_cost")
        try DeskClassDetails.check(
            name: name, durationMinutes: duration ?? 0, capacity: capacity ?? -1, creditCost: cost ?? -1)
        guard let start = try arguments.timestamp("starts_at"), start > transaction.now else {
            throw DeskError.startInThePast.databaseError
        }
        var row: [String: DatabaseValue] = [
            "studio_id": .uuid(studio), "name": .text(SQLText.btrimmed(name)), "starts_at": .timestamp(start),
            "duration_minutes": .integer(Int64(duration ?? 0)), "capacity": .integer(Int64(capacity ?? 0)),
            "credit_cost": .numeric(cost ?? 0),
        ]
        row["instructor_name"] = try arguments.text("instructor_name").map(DatabaseValue.text) ?? .null
        row["description"] = try arguments.text("description").map(DatabaseValue.text) ?? .null
        let added = try transaction.insert(into: "class_sessions", row)
        return .object(["session_id": added["id"].json])
    }
}
