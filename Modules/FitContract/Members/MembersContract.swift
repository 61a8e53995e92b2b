import Booking
import FitCore
import FitInMemory
import FitOffline
import Foundation

/// Members' part of the contract: the `members` table, kept read-only offline.
enum MembersContract {
    static let feature = FeatureContract(
        name: "Members", schema: InMemorySchema(tables: [MembersSchema.table]),
        replicaRules: [ReplicaRule("members")], seed: MembersSeed.write)
}

extension InMemoryTransaction {
    /// The acting member, who must have a `members` row, as the SQL functions check; anyone else (anonymous,
    /// the service role, or a token for someone who is not a member) gets `FB009`.
    ///
    /// - Returns: The acting member's id.
    /// - Throws: `BookingError.notSignedIn`'s ``/FitCore/DatabaseError`` (`FB009`) when the role is not a member
    ///   with a `members` row.
    public func signedInMember() throws -> UUID {
        guard let member = role.memberId,
            try !records(in: MembersSchema.table.name, where: { $0["id"] == .uuid(member) }).isEmpty
        else { throw BookingError.notSignedIn.databaseError }
        return member
    }
}
