import Booking
import FitCore
import FitInMemory
import Foundation

extension InMemoryTransaction {
    /// The acting member, who must have a `members` row, as `fitkit_acting_member` checks: anonymous and the service
    /// role get `FB009`, a signed-in user without a member `FB010`.
    ///
    /// - Returns: The acting member's id.
    /// - Throws: `BookingError.notSignedIn`'s ``/FitCore/DatabaseError`` (`FB009`) when nobody is signed in,
    ///   `BookingError.noMemberProfile`'s (`FB010`) when the signed-in user has no `members` row.
    public func signedInMember() throws -> UUID {
        guard let member = role.memberId else { throw BookingError.notSignedIn.databaseError }
        guard try !records(in: MembersSchema.table.name, where: { $0["id"] == .uuid(member) }).isEmpty else {
            throw BookingError.noMemberProfile.databaseError
        }
        return member
    }
}
