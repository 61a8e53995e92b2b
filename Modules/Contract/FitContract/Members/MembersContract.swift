import FitCore
import FitInMemory
import FitOffline

/// Members' part of the contract: the auth users and the `members` table made from them (kept read-only offline),
/// the sign-up trigger, `create_accounts` for a back office and `delete_my_account`.
enum MembersContract {
    static let feature = FeatureContract(
        name: "Members",
        schema: InMemorySchema(
            tables: [MembersSchema.authUsers, MembersSchema.table],
            functions: [
                .init(CreateAccounts.name, CreateAccounts.run), .init(DeleteMyAccount.name, DeleteMyAccount.run),
            ],
            triggers: [MemberSignUp.trigger]),
        replicaRules: [ReplicaRule("members")], seed: MembersSeed.write)
}
