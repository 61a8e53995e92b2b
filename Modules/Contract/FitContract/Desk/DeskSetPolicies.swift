import FitCore
import FitInMemory
import Foundation
import StudioDesk

/// `desk_set_policies(studio_id, full_refund_minutes, booking_opens_days, line_cap, clear_booking_window,
/// clear_line_cap, waitlist_cutoff_minutes) returns json` of `Backend/migrations/0023_studio_rules.sql`: an owner
/// sets what is given of the studio's rules (the cutoff in `waitlist_settings`). Returns the policy row `{studio_id,
/// full_refund_minutes, booking_opens_days, line_cap, waitlist_cutoff_minutes}`.
enum DeskSetPolicies {
    static let name = "desk_set_policies"

    @Sendable static func run(_ transaction: inout InMemoryTransaction, _ arguments: FunctionArguments) throws
        -> JSONValue
    {
        let studio = try arguments.uuid("studio_id")
        _ = try transaction.deskStaff(of: .uuid(studio), ownersOnly: true)
        let refund = try arguments.optionalInteger("full_refund_minutes")
        let opens = try arguments.optionalInteger("booking_opens_days")
        let cap = try arguments.optionalInteger("line_cap")
        if let refund, !(0...43_200).contains(refund) { throw DeskError.invalidRefundWindow.databaseError }
        if let opens, !(1...365).contains(opens) { throw DeskError.invalidBookingWindow.databaseError }
        if let cap, !(1...1_000).contains(cap) { throw DeskError.invalidLineCap.databaseError }
        let cutoff = try arguments.optionalInteger("waitlist_cutoff_minutes")
        if let cutoff, !(0...10_080).contains(cutoff) { throw DeskError.invalidWaitlistCutoff.databaseError }
        if let cutoff {
            let settings = WaitlistSchema.settings.name
            if try transaction.records(in: settings, where: { $0["studio_id"] == .uuid(studio) }).isEmpty {
                try transaction.insert(
                    into: settings, ["studio_id": .uuid(studio), "cutoff_minutes": .integer(Int64(cutoff))])
            } else {
                try transaction.update(
                    settings, where: { $0["studio_id"] == .uuid(studio) },
                    set: ["cutoff_minutes": .integer(Int64(cutoff))])
            }
        }
        var changes: [String: DatabaseValue] = [:]
        if let refund { changes["full_refund_minutes"] = .integer(Int64(refund)) }
        if try arguments.optional("clear_booking_window", as: .boolean) == .bool(true) {
            changes["booking_opens_days"] = .null
        } else if let opens {
            changes["booking_opens_days"] = .integer(Int64(opens))
        }
        if try arguments.optional("clear_line_cap", as: .boolean) == .bool(true) {
            changes["line_cap"] = .null
        } else if let cap {
            changes["line_cap"] = .integer(Int64(cap))
        }
        let row = try transaction.update(
            StudioPolicies.table.name, where: { $0["studio_id"] == .uuid(studio) }, set: changes
        ).first
        return .object([
            "studio_id": .string(studio.uuidString.lowercased()),
            "full_refund_minutes": (row?["full_refund_minutes"] ?? .null).json,
            "booking_opens_days": (row?["booking_opens_days"] ?? .null).json,
            "line_cap": (row?["line_cap"] ?? .null).json,
            "waitlist_cutoff_minutes": .number(
                Decimal(Int(try WaitlistRules.cutoff(studio: .uuid(studio), in: transaction) / 60))),
        ])
    }
}
