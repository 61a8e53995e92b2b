import FitCore
import Foundation

/// The requests about members. Row-level security shows a member only their own row; the service role (a back
/// office, the demo) sees everyone.
public struct MembersQueries: Sendable {
    /// The backend.
    public let client: any DatabaseClient

    /// Creates the member requests over `client`.
    ///
    /// - Parameter client: The backend, acting as a member (who sees their own row) or the service role.
    public init(client: any DatabaseClient) {
        self.client = client
    }

    /// The members the client may see, by display name.
    ///
    /// - Returns: The visible members (just the signed-in member's own row for a member client), ordered by display
    ///   name and then id.
    /// - Throws: ``/FitCore/DatabaseError`` when the database refuses the request, ``/FitCore/ConnectionError`` when the backend cannot
    ///   be reached, ``/FitCore/ResponseDecodingError`` when a row does not decode as a ``Member``, `CancellationError` when the
    ///   task is cancelled.
    public func getMembers() async throws -> [Member] {
        try await client.from("members").select("id, display_name, email, time_zone")
            .order("display_name").order("id").execute().value
    }
}
