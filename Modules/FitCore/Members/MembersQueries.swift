import Foundation

/// The requests about members. Row-level security shows a member only their own row; the service role (a back
/// office, the demo) sees everyone.
public struct MembersQueries: Sendable {
    /// The backend.
    public let client: any DatabaseClient

    public init(client: any DatabaseClient) {
        self.client = client
    }

    /// The members the client may see, by display name.
    public func getMembers() async throws -> [Member] {
        try await client.from("members").select("id, display_name, email, time_zone")
            .order("display_name").order("id").execute().value
    }
}
