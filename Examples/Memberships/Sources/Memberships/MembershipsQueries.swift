import FitCore
import Foundation
import Members

/// Every request the Memberships feature sends.
public struct MembershipsQueries: Sendable {
    /// Where the requests go.
    public let client: any DatabaseClient

    /// Queries over `client`, acting as whoever it acts as.
    ///
    /// - Parameter client: A member's client.
    public init(client: any DatabaseClient) {
        self.client = client
    }

    /// The signed-in member's memberships with the credits they granted (`membership_overview`), by plan.
    public func getMemberships() async throws -> [Membership] {
        try await client.from("membership_overview").select("id, member_id, plan, paused_at, credits_granted").order(
            "plan"
        ).execute().value
    }

    /// Pauses one of the member's memberships through `pause_membership`; its refusals arrive as ``MembershipError``,
    /// and a caller who is not a signed-in member as Members' `AccountError`.
    public func pause(id: UUID) async throws -> Membership {
        do {
            return try await client.rpc("pause_membership", params: ["membership_id": id]).execute().value
        } catch let error as DatabaseError {
            if let refusal = MembershipError(error) { throw refusal }
            throw AccountError(error) ?? error
        }
    }

    /// The committed changes to the member's memberships and their credits, through the view's feed.
    public func followMemberships() -> AsyncThrowingStream<DatabaseChange, any Error> {
        client.changes(to: "membership_overview")
    }
}
