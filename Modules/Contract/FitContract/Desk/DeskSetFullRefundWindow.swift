import FitCore
import FitInMemory
import Foundation
import StudioDesk

/// `desk_set_full_refund_window(studio_id uuid, minutes integer) returns json` of
/// `Backend/migrations/0021_studio_desk.sql`: an owner sets the studio's `studio_policies.full_refund_minutes`.
/// Returns `{studio_id, full_refund_minutes}`.
enum DeskSetFullRefundWindow {
    static let name = "desk_set_full_refund_window"

    @Sendable static func run(_ transaction: inout InMemoryTransaction, _ arguments: FunctionArguments) throws
        -> JSONValue
    {
        let studio = try arguments.uuid("studio_id")
        _ = try transaction.deskStaff(of: .uuid(studio), ownersOnly: true)
        let minutes = try arguments.integer("minutes")
        guard (0...43_200).contains(minutes) else { throw DeskError.invalidRefundWindow.databaseError }
        try transaction.update(
            StudioPolicies.table.name, where: { $0["studio_id"] == .uuid(studio) },
            set: ["full_refund_minutes": .integer(Int64(minutes))])
        return .object([
            "studio_id": .string(studio.uuidString.lowercased()), "full_refund_minutes": .number(Decimal(minutes)),
        ])
    }
}
