import FitCore
import FitInMemory
import Foundation

/// `desk_roster(session_id uuid) returns json` of `Backend/migrations/0021_studio_desk.sql`: the class's active
/// bookings in booking order, `[{booking_id, member_id, display_name, booked_at}]`.
enum DeskRoster {
    static let name = "desk_roster"

    @Sendable static func run(_ transaction: inout InMemoryTransaction, _ arguments: FunctionArguments) throws
        -> JSONValue
    {
        let id = try arguments.uuid("session_id")
        _ = try transaction.deskClass(id)
        let names = try transaction.memberNames()
        let active = try transaction.activeBookings(of: id)
        return .array(
            active.map { booking in
                .object([
                    "booking_id": booking["id"].json, "member_id": booking["member_id"].json,
                    "display_name": (names[booking["member_id"]] ?? .null).json,
                    "booked_at": booking["created_at"].json,
                ])
            })
    }
}
