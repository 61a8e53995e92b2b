import FitCore
import FitInMemory
import FitOffline
import Members

/// Members' part of the contract: the auth users and the `members` table made from them (kept read-only offline),
/// the sign-up trigger, `create_accounts` for a back office, `delete_my_account` and `update_my_profile`.
enum MembersContract {
    static let feature = FeatureContract(
        name: "Members",
        schema: InMemorySchema(
            tables: [MembersSchema.authUsers, MembersSchema.table],
            functions: [
                .init(CreateAccounts.name, CreateAccounts.run), .init(DeleteMyAccount.name, DeleteMyAccount.run),
                .init(UpdateMyProfile.name, UpdateMyProfile.run),
            ],
            triggers: [MemberSignUp.trigger]),
        errors: ProfileError.allCases.map(\.databaseError),
        replicaRules: [ReplicaRule("members")], seed: MembersSeed.write)
}
