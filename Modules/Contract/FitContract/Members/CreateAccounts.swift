import FitCore
import FitInMemory
import Foundation

/// `create_accounts(accounts jsonb) returns json` of `Backend/migrations/0010_accounts.sql` (service role only): an
/// auth user per account, skipping ids that exist, and so its member; returns the members in the array's order.
enum CreateAccounts {
    static let name = "create_accounts"

    @Sendable static func run(_ transaction: inout InMemoryTransaction, _ arguments: FunctionArguments) throws
        -> JSONValue
    {
        try transaction.requireServiceRole(toCall: name)
        guard case .array(let accounts)? = arguments.json["accounts"] else {
            throw DatabaseError(code: "22023", message: "accounts must be a JSON array")
        }
        let users = MembersSchema.authUsers.name
        var ids: [DatabaseValue] = []
        for account in accounts {
            let id =
                try account["id"].flatMap { $0 == .null ? nil : $0 }.map { try ColumnType.uuid.cast($0) }
                ?? .uuid(UUID())
            ids.append(id)
            guard try transaction.records(in: users, where: { $0["id"] == id }).isEmpty else { continue }
            var metadata: [String: JSONValue] = [:]
            for key in ["display_name", "time_zone"] {
                if let value = account[key], value != .null { metadata[key] = value }
            }
            let user = try transaction.insert(
                into: users,
                [
                    "id": id, "aud": .text("authenticated"), "role": .text("authenticated"),
                    "email": try text(account["email"]), "phone": try text(account["phone"]),
                    "is_anonymous": try account["is_anonymous"].flatMap { $0 == .null ? nil : $0 }.map {
                        try ColumnType.boolean.cast($0)
                    } ?? .bool(false),
                    "raw_user_meta_data": .json(.object(metadata)),
                ])
            // The SQL's row trigger has run by the time the function reads the members back.
            try MemberSignUp.addMember(for: user, in: &transaction)
        }
        var created: [JSONValue] = []
        for id in ids {
            guard let member = try transaction.records(in: MembersSchema.table.name, where: { $0["id"] == id }).first
            else { continue }
            created.append(
                .object([
                    "id": member["id"].json, "display_name": member["display_name"].json, "email": member["email"].json,
                    "time_zone": member["time_zone"].json,
                ]))
        }
        return .array(created)
    }

    private static func text(_ value: JSONValue?) throws -> DatabaseValue {
        guard let value, value != .null else { return .null }
        return try ColumnType.text.cast(value)
    }
}
