import FitCore

/// A client whose requests go through a ``RequestRig`` (logged, delayed, failed as the test says) before they reach
/// `base`. Its change feed is `base`'s.
public struct RiggedClient<Base: DatabaseClient>: DatabaseClient {
    /// The client requests reach.
    public let base: Base
    /// The rig they go through.
    public let rig: RequestRig

    /// The role of ``base``.
    public var role: DatabaseRole { base.role }

    /// The same rig over `base` acting as `role`.
    ///
    /// - Parameter role: The role the new client's requests run as.
    /// - Returns: A rigged client whose ``role`` is `role`.
    public func acting(as role: DatabaseRole) -> RiggedClient<Base> {
        RiggedClient(base: base.acting(as: role), rig: rig)
    }

    /// Runs `query` through the rig, then on ``base``.
    ///
    /// - Parameter query: The request.
    /// - Returns: What ``base`` answered.
    /// - Throws: An injected ``Fault``'s error (or `CancellationError`), or what ``base`` threw.
    public func run(_ query: DatabaseQuery) async throws -> RawResponse {
        try await rig.run(query, as: role) { try await base.run(query) }
    }

    /// ``base``'s change feed.
    ///
    /// - Parameters:
    ///   - table: The table or view to follow.
    ///   - filter: The rows to follow, or all.
    /// - Returns: ``base``'s stream of changes.
    public func changes(to table: String, where filter: Filter?) -> AsyncThrowingStream<DatabaseChange, any Error> {
        base.changes(to: table, where: filter)
    }
}
