import FitCore
import Foundation

/// A network between an app and its server that a test (or a demo) cuts and restores: clients wrapped with
/// ``client(_:)`` fail with ``/FitCore/ConnectionError`` while it is down, their change feeds fail when it goes down,
/// and single requests can be made to fail before they reach the server or after the server ran them (the answer is
/// lost on the way back). Nothing sleeps: it only decides, per request, whether the request gets through.
public final class SimulatedNetwork: Sendable {
    /// How a planned fault fails a request.
    public enum FaultPoint: Sendable, Hashable, CaseIterable {
        /// The request never reaches the server.
        case beforeDelivery
        /// The server runs the request, and its answer is lost.
        case afterDelivery
    }

    private struct State {
        var isConnected = true
        var requestCount = 0
        var plannedFaults: [Int: FaultPoint] = [:]
        var feeds: [Int: AsyncThrowingStream<DatabaseChange, any Error>.Continuation] = [:]
        var nextFeed = 0
    }

    private let state = LockedState(State())

    /// A connected network.
    public init() {}

    /// Whether requests get through.
    public var isConnected: Bool { state.withLock { $0.isConnected } }

    /// How many requests clients have made through the network (delivered or not).
    public var requestCount: Int { state.withLock { $0.requestCount } }

    /// Cuts the network: requests fail with ``/FitCore/ConnectionError/Kind/unreachable`` and open change feeds fail.
    public func disconnect() {
        let feeds = state.withLock { state in
            state.isConnected = false
            let feeds = Array(state.feeds.values)
            state.feeds.removeAll()
            return feeds
        }
        for feed in feeds { feed.finish(throwing: Self.unreachable) }
    }

    /// Restores the network.
    public func reconnect() { state.withLock { $0.isConnected = true } }

    /// Makes the request that is `offset` requests from now (0: the next one) fail at `point`.
    ///
    /// - Parameters:
    ///   - offset: How many requests get through first.
    ///   - point: Whether the server runs the failing request first.
    public func failRequest(_ offset: Int = 0, at point: FaultPoint) {
        state.withLock { $0.plannedFaults[$0.requestCount + offset] = point }
    }

    /// `base`, reached through this network.
    ///
    /// - Parameter base: The client that talks to the server.
    /// - Returns: A client that fails as the network says and otherwise forwards to `base`.
    public func client<Base: DatabaseClient>(_ base: Base) -> SimulatedNetworkClient<Base> {
        SimulatedNetworkClient(base: base, network: self)
    }

    static let unreachable = ConnectionError(.unreachable, reason: "the simulated network is down")

    /// Decides the fate of the next request.
    func admit() -> FaultPoint? {
        state.withLock { state in
            let index = state.requestCount
            state.requestCount += 1
            if !state.isConnected { return .beforeDelivery }
            return state.plannedFaults.removeValue(forKey: index)
        }
    }

    func register(_ continuation: AsyncThrowingStream<DatabaseChange, any Error>.Continuation) -> Int? {
        state.withLock { state in
            guard state.isConnected else { return nil }
            let id = state.nextFeed
            state.nextFeed += 1
            state.feeds[id] = continuation
            return id
        }
    }

    func unregister(_ id: Int) { state.withLock { _ = $0.feeds.removeValue(forKey: id) } }
}

/// A client reached through a ``SimulatedNetwork``.
public struct SimulatedNetworkClient<Base: DatabaseClient>: DatabaseClient {
    /// The client behind the network.
    public let base: Base
    /// The network requests go through.
    public let network: SimulatedNetwork

    /// The base client's role.
    public var role: DatabaseRole { base.role }

    /// The same network to the base client acting as `role`.
    ///
    /// - Parameter role: The role to act as.
    /// - Returns: A client acting as `role` through the same network.
    public func acting(as role: DatabaseRole) -> SimulatedNetworkClient<Base> {
        SimulatedNetworkClient(base: base.acting(as: role), network: network)
    }

    /// Forwards `query` unless the network fails it.
    ///
    /// - Parameter query: The request.
    /// - Returns: The base client's answer.
    /// - Throws: ``/FitCore/ConnectionError`` when the network is down or a planned fault hits (after the base client
    ///   ran the query, for ``SimulatedNetwork/FaultPoint/afterDelivery``); otherwise what the base client throws.
    public func run(_ query: DatabaseQuery) async throws -> RawResponse {
        switch network.admit() {
        case .beforeDelivery?:
            throw SimulatedNetwork.unreachable
        case .afterDelivery?:
            _ = try await base.run(query)
            throw ConnectionError(.timedOut, reason: "the simulated network lost the answer")
        case nil:
            return try await base.run(query)
        }
    }

    /// The base client's change feed, failing with ``/FitCore/ConnectionError`` when the network goes down.
    ///
    /// - Parameters:
    ///   - table: The table or view to follow.
    ///   - filter: Narrows the changes.
    /// - Returns: The changes.
    public func changes(to table: String, where filter: Filter?) -> AsyncThrowingStream<DatabaseChange, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: DatabaseChange.self)
        guard let id = network.register(continuation) else {
            continuation.finish(throwing: SimulatedNetwork.unreachable)
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
        continuation.onTermination = { [network] _ in
            task.cancel()
            network.unregister(id)
        }
        return stream
    }
}
