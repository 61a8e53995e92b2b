import FitCore
import FitInMemory
import Foundation
import Members

/// `update_my_profile(display_name text default null, time_zone text default null) returns json` of
/// `Backend/migrations/0019_member_profile.sql`: changes the signed-in member's display name (trimmed of spaces, tabs
/// and line breaks) and time zone, each only when given, and returns `{id, display_name, email, time_zone}`.
enum UpdateMyProfile {
    static let name = "update_my_profile"

    @Sendable static func run(_ transaction: inout InMemoryTransaction, _ arguments: FunctionArguments) throws
        -> JSONValue
    {
        let member = DatabaseValue.uuid(try transaction.signedInMember())
        var changes: [String: DatabaseValue] = [:]
        if case .string(let given)? = arguments.json["display_name"] {
            let name = SQLText.btrimmed(given)
            guard (1...MembersQueries.displayNameLimit).contains(SQLText.length(name)) else {
                throw ProfileError.invalidDisplayName.databaseError
            }
            changes["display_name"] = .text(name)
        }
        if case .string(let zone)? = arguments.json["time_zone"] {
            guard TimeZone(identifier: zone) != nil, zone == TimeZone(identifier: zone)?.identifier else {
                throw ProfileError.unknownTimeZone.databaseError
            }
            changes["time_zone"] = .text(zone)
        }
        let row =
            changes.isEmpty
            ? try transaction.records(in: MembersSchema.table.name) { $0["id"] == member }
            : try transaction.update(MembersSchema.table.name, where: { $0["id"] == member }, set: changes)
        guard let changed = row.first else { throw AccountError.noMemberProfile.databaseError }
        return .object([
            "id": changed["id"].json, "display_name": changed["display_name"].json, "email": changed["email"].json,
            "time_zone": changed["time_zone"].json,
        ])
    }
}
