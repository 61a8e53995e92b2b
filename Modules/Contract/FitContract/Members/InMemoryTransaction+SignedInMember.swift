import FitCore
import FitInMemory
import Foundation
import Members

extension InMemoryTransaction {
    /// The acting member, who must have a `members` row, as `fitkit_acting_member` checks: anonymous and the service
    /// role get `FB009`, a signed-in user without a member `FB010`.
    ///
    /// Any feature's function that needs a signed-in member asks here (and its SQL asks `fitkit_acting_member()`);
    /// the app reads the refusal as Members' `AccountError`, which it does not declare again.
    ///
    /// - Returns: The acting member's id.
    /// - Throws: `AccountError.notSignedIn`'s ``/FitCore/DatabaseError`` (`FB009`) when nobody is signed in,
    ///   `AccountError.noMemberProfile`'s (`FB010`) when the signed-in user has no `members` row.
    public func signedInMember() throws -> UUID {
        guard let member = role.memberId else { throw AccountError.notSignedIn.databaseError }
        guard try !records(in: MembersSchema.table.name, where: { $0["id"] == .uuid(member) }).isEmpty else {
            throw AccountError.noMemberProfile.databaseError
        }
        return member
    }
}
