import Booking
import FitCore
import FitInMemory
import Foundation

/// The sign-up rules of `Backend/migrations/0010_accounts.sql` for the in-memory database: the member an auth user
/// becomes (`fitkit_add_member`), the trigger that makes it (`fitkit_member_for_new_user`), and who is acting
/// (`fitkit_acting_member`).
enum MemberSignUp {
    /// `fitkit_member_for_new_user` on `auth.users`: every new user becomes a member.
    static let trigger = InMemoryTrigger(name: "fitkit_member_for_new_user", on: MembersSchema.authUsers.name) {
        transaction, rows in
        for row in rows where row.old == nil {
            if let user = row.new { try addMember(for: user, in: &transaction) }
        }
    }

    /// `fitkit_add_member`: the member for `user` (name and time zone from its metadata), unless a member with its id
    /// or email exists (`on conflict do nothing`).
    static func addMember(for user: Record, in transaction: inout InMemoryTransaction) throws {
        let email = user["email"].textValue.flatMap { $0.isEmpty ? nil : $0 }
        let conflict = try transaction.records(in: MembersSchema.table.name) {
            $0["id"] == user["id"] || (email != nil && $0["email"] == .text(email!))
        }
        guard conflict.isEmpty else { return }
        let metadata = user["raw_user_meta_data"].json
        func text(_ key: String) -> String? {
            metadata[key]?.stringValue.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let local = email.map { String($0.prefix { $0 != "@" }) }.flatMap { $0.isEmpty ? nil : $0 }
        let phone = user["phone"].textValue.flatMap { $0.isEmpty ? nil : $0 }
        let name = text("display_name") ?? text("full_name") ?? text("name") ?? local ?? phone ?? "Member"
        try transaction.insert(
            into: MembersSchema.table.name,
            [
                "id": user["id"], "display_name": .text(name), "email": email.map(DatabaseValue.text) ?? .null,
                "time_zone": .text(text("time_zone") ?? "UTC"),
            ])
    }
}
