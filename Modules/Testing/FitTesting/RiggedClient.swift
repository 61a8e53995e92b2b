import FitCore

/// A client whose requests go through a ``RequestRig`` (logged, delayed, failed as the test says, cut with the
/// connection) before they reach `base`. Its change feed is `base`'s, ended when the rig cuts the connection.
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
    /// - Throws: ``/FitCore/ConnectionError`` while the rig's connection is cut; an injected ``Fault``'s error (or
    ///   `CancellationError`, or `ConnectionError` after ``base`` ran the query for ``Fault/lostAnswer``); otherwise
    ///   what ``base`` threw.
    public func run(_ query: DatabaseQuery) async throws -> RawResponse {
        try await rig.run(query, as: role) { try await base.run(query) }
    }

    /// ``base``'s change feed, ending with a ``/FitCore/ConnectionError`` when the rig cuts the connection (at once
    /// while it is cut).
    ///
    /// - Parameters:
    ///   - table: The table or view to follow.
    ///   - filter: The rows to follow, or all.
    /// - Returns: ``base``'s stream of changes.
    public func changes(to table: String, where filter: Filter?) -> AsyncThrowingStream<DatabaseChange, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: DatabaseChange.self)
        guard let id = rig.register(continuation) else {
            continuation.finish(throwing: RequestRig.unreachable)
            return stream
        }
        let feed = base.changes(to: table, where: filter)
        let task = Task {
            do {
                for try await change in feed { continuation.yield(change) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { [rig] _ in
            task.cancel()
            rig.unregister(id)
        }
        return stream
    }
}
