import FitCore
import Foundation
import Members

/// Every request the Memberships feature sends.
struct MembershipsQueries: Sendable {
    let client: any DatabaseClient

    /// The signed-in member's memberships, oldest plan first.
    func getMemberships() async throws -> [Membership] {
        try await client.from("memberships").select("id, member_id, plan, paused_at").order("plan").execute().value
    }

    /// Pauses one of the member's memberships through `pause_membership`; its refusals arrive as ``MembershipError``,
    /// and a caller who is not a signed-in member as Members' `AccountError`.
    func pause(id: UUID) async throws -> Membership {
        do {
            return try await client.rpc("pause_membership", params: ["membership_id": id]).execute().value
        } catch let error as DatabaseError {
            if let refusal = MembershipError(error) { throw refusal }
            throw AccountError(error) ?? error
        }
    }

    /// The committed changes to the member's memberships.
    func followMemberships() -> AsyncThrowingStream<DatabaseChange, any Error> {
        client.changes(to: "memberships")
    }
}
