import FitCore

/// A client that sends each request to the session's client for its role: the service role to the back office, a
/// member to ``ScenarioSession/client(_:)`` (over HTTP on FitSupabase, through FitOffline behind it), anon to
/// ``ScenarioSession/anonymous``. Code written as `service.acting(as: .member(id))` then reaches the backend the way
/// that member's app would.
public struct RoleRoutedClient: DatabaseClient {
    /// The role requests run as.
    public let role: DatabaseRole
    let session: ScenarioSession

    /// A client for `role` over the same session.
    ///
    /// - Parameter role: The role.
    /// - Returns: The routed client.
    public func acting(as role: DatabaseRole) -> RoleRoutedClient { RoleRoutedClient(role: role, session: session) }

    /// Runs `query` on the session's client for ``role``.
    ///
    /// - Parameter query: The request.
    /// - Returns: The answer.
    /// - Throws: What that client throws.
    public func run(_ query: DatabaseQuery) async throws -> RawResponse { try await target.run(query) }

    /// The change feed of the session's client for ``role``.
    ///
    /// - Parameters:
    ///   - table: The table or view.
    ///   - filter: Which rows.
    /// - Returns: That client's feed.
    public func changes(to table: String, where filter: Filter?) -> AsyncThrowingStream<DatabaseChange, any Error> {
        target.changes(to: table, where: filter)
    }

    private var target: any DatabaseClient {
        switch role {
        case .service: session.service
        case .anonymous: session.anonymous
        case .member(let id): session.client(id)
        }
    }
}
