import FitCore
import FitInMemory
import Foundation
import StudioDesk

/// `desk_edit_class(session_id, name, starts_at, duration_minutes, credit_cost, instructor_name, description)
/// returns json` of `Backend/migrations/0022_desk_classes.sql`: staff change what is given of a class that has
/// neither started nor been cancelled. Returns `{session_id}`.
enum DeskEditClass {
    static let name = "desk_edit_class"

    @Sendable static func run(_ transaction: inout InMemoryTransaction, _ arguments: FunctionArguments) throws
        -> JSONValue
    {
        let id = try arguments.uuid("session_id")
        let session = try transaction.deskClass(id)
        guard session["cancelled_at"] == .null else { throw DeskError.alreadyCancelled.databaseError }
        guard let current = session["starts_at"].dateValue, current > transaction.now else {
            throw DeskError.classStarted.databaseError
        }
        let name = try arguments.text("name")
        let duration = try arguments.optionalInteger("duration_minutes")
        let cost = try arguments.decimal("credit_cost")
        try DeskClassDetails.check(name: name, durationMinutes: duration, capacity: nil, creditCost: cost)
        let start = try arguments.timestamp("starts_at")
        if let start, start <= transaction.now { throw DeskError.startInThePast.databaseError }
        var changes: [String: DatabaseValue] = [:]
        if let name { changes["name"] = .text(SQLText.btrimmed(name)) }
        if let start { changes["starts_at"] = .timestamp(start) }
        if let duration { changes["duration_minutes"] = .integer(Int64(duration)) }
        if let cost { changes["credit_cost"] = .numeric(cost) }
        if let instructor = try arguments.text("instructor_name") { changes["instructor_name"] = .text(instructor) }
        if let description = try arguments.text("description") { changes["description"] = .text(description) }
        // The SQL's update runs (and sets off the class's triggers) even when nothing is given.
        try transaction.update("class_sessions", where: { $0["id"] == .uuid(id) }, set: changes)
        return .object(["session_id": .string(id.uuidString.lowercased())])
    }
}
