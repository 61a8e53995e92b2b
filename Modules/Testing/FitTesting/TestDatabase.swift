import FitCore
import FitInMemory
import Foundation

/// An embedded database with a ``RequestRig`` in front of every client it hands out: what ``FitFixture/database`` is.
///
/// Its clients are ``RiggedClient``s over the engine's, so every request is logged and can be delayed or failed;
/// ``engine`` is the database itself, for what takes one (a PostgREST test server, a persisted file).
public final class TestDatabase: Sendable {
    /// The embedded database.
    public let engine: InMemoryDatabase
    /// The rig every client of this database goes through.
    public let rig: RequestRig

    /// `engine` behind a rig whose latency sleeps on `clock`.
    ///
    /// - Parameters:
    ///   - engine: The embedded database.
    ///   - clock: The clock injected latency sleeps on.
    public init(_ engine: InMemoryDatabase, clock: any Clock<Duration>) {
        self.engine = engine
        rig = RequestRig(clock: clock)
    }

    /// A client acting as `role`, through the rig.
    ///
    /// - Parameter role: The role the client's requests run as; anonymous by default.
    /// - Returns: A rigged client over the engine's client for `role`.
    public func client(as role: DatabaseRole = .anonymous) -> RiggedClient<InMemoryClient> {
        rig.client(engine.client(as: role))
    }

    /// Every request so far, in arrival order (``RequestRig/requests``).
    public var requests: [LoggedRequest] { rig.requests }

    /// Forgets the request log (faults and latency stay).
    public func clearRequestLog() { rig.clearRequestLog() }

    /// Makes every request wait `latency` on the clock (``RequestRig/setLatency(_:)``).
    ///
    /// - Parameter latency: How long each request sleeps first; `.zero` for none.
    public func setLatency(_ latency: Duration) { rig.setLatency(latency) }

    /// Makes one upcoming request fail (``RequestRig/injectFault(_:skipping:)``).
    ///
    /// - Parameters:
    ///   - fault: How the request fails.
    ///   - skipping: How many upcoming requests run normally first.
    public func injectFault(_ fault: Fault, skipping: Int = 0) { rig.injectFault(fault, skipping: skipping) }

    /// Removes every scheduled fault.
    public func clearFaults() { rig.clearFaults() }

    /// How many followers the engine's change feed has.
    public var changeFollowerCount: Int { engine.changeFollowerCount }

    /// How the engine would read the rows of `query` (``/FitInMemory/InMemoryDatabase/explain(_:as:)``).
    ///
    /// - Parameters:
    ///   - query: The query to plan; it is not run.
    ///   - role: The role it would run as; the service role by default.
    /// - Returns: The access path a run would take.
    /// - Throws: What running the query would throw for an unknown table or column.
    public func explain(_ query: DatabaseQuery, as role: DatabaseRole = .service) throws -> InMemoryAccessPath {
        try engine.explain(query, as: role)
    }
}
