import FitCore
import Foundation

/// The test rig over any `DatabaseClient`, and the network between an app and its server: it logs every request,
/// makes requests wait on a clock, fails chosen requests, and cuts and restores the connection. The embedded database
/// a shipping app links has none of this; tests (and the demo's offline tour) wrap their clients instead.
///
/// ```swift
/// let rig = RequestRig(clock: clock)
/// let client = rig.client(database.client(as: .member(id)))   // or a PostgresDatabase, a SupabaseDatabase, …
/// rig.injectFault(.error(DatabaseError(code: "08006", message: "lost")))
/// rig.disconnect()   // requests fail with ConnectionError, open change feeds end with it
/// ```
///
/// Copies of a rigged client made with `acting(as:)` share the rig. Nothing sleeps but the latency, on the clock.
public final class RequestRig: Sendable {
    private struct State {
        var log: [LoggedRequest] = []
        var scheduledFaults: [Int: Fault] = [:]
        var latency: Duration = .zero
        var tick = 0
        var isConnected = true
        var feeds: [Int: AsyncThrowingStream<DatabaseChange, any Error>.Continuation] = [:]
        var nextFeed = 0

        mutating func nextTick() -> Int {
            tick += 1
            return tick
        }
    }

    private let state = LockedState(State())
    private let clock: any Clock<Duration>

    /// A connected rig whose latency sleeps on `clock`.
    ///
    /// - Parameter clock: The clock injected latency sleeps on; a ``TestClock`` in tests, so time moves only when the
    ///   test moves it. The real clock by default.
    public init(clock: any Clock<Duration> = ContinuousClock()) {
        self.clock = clock
    }

    /// `base`, with every request going through this rig.
    ///
    /// - Parameter base: Any client: the in-memory database's, FitPostgres's, FitSupabase's, an offline client.
    /// - Returns: The rigged client, acting as `base`'s role.
    public func client<Base: DatabaseClient>(_ base: Base) -> RiggedClient<Base> {
        RiggedClient(base: base, rig: self)
    }

    /// Every request so far, in arrival order.
    public var requests: [LoggedRequest] { state.withLock { $0.log } }

    /// Forgets the request log (faults and latency stay).
    public func clearRequestLog() { state.withLock { $0.log.removeAll() } }

    /// Makes every request wait `latency` on the clock before it reaches the backend (zero to stop).
    ///
    /// - Parameter latency: How long each request sleeps on the clock first; `.zero` for none.
    public func setLatency(_ latency: Duration) { state.withLock { $0.latency = latency } }

    /// Makes one upcoming request fail: the next one when `skipping` is 0, the one after when 1, and so on.
    ///
    /// - Parameters:
    ///   - fault: How the request fails.
    ///   - skipping: How many upcoming requests run normally first.
    public func injectFault(_ fault: Fault, skipping: Int = 0) {
        state.withLock { $0.scheduledFaults[$0.log.count + skipping] = fault }
    }

    /// Removes every scheduled fault.
    public func clearFaults() { state.withLock { $0.scheduledFaults.removeAll() } }

    // MARK: The connection

    /// Whether requests get through (``disconnect()`` cuts them).
    public var isConnected: Bool { state.withLock { $0.isConnected } }

    /// Cuts the connection: requests fail with ``/FitCore/ConnectionError`` (`unreachable`) before they reach the
    /// backend, and open change feeds end with it.
    public func disconnect() {
        let feeds = state.withLock { state in
            state.isConnected = false
            let feeds = Array(state.feeds.values)
            state.feeds.removeAll()
            return feeds
        }
        for feed in feeds { feed.finish(throwing: Self.unreachable) }
    }

    /// Restores the connection.
    public func reconnect() { state.withLock { $0.isConnected = true } }

    static let unreachable = ConnectionError(.unreachable, reason: "the simulated network is down")

    /// Registers an open change feed, to end it when the connection is cut; `nil` while it is cut.
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

    // MARK: Requests

    /// Logs `query`, waits the latency, fails it while the connection is cut, applies a scheduled fault, then runs
    /// `send` and logs how it ended.
    func run(
        _ query: DatabaseQuery, as role: DatabaseRole, send: () async throws -> RawResponse
    ) async throws -> RawResponse {
        let (index, latency, fault) = state.withLock { state in
            let index = state.log.count
            state.log.append(
                LoggedRequest(
                    index: index, role: role, query: query, startTick: state.nextTick(), endTick: nil,
                    outcome: .pending))
            let fault = state.scheduledFaults.removeValue(forKey: index)
            return (index, state.latency, state.isConnected ? fault : .unreachable)
        }
        do {
            if latency > .zero { try await clock.sleep(for: latency) }
            try Task.checkCancellation()
            switch fault {
            case .error(let error)?: throw error
            case .cancellation?: throw CancellationError()
            case .lostAnswer?:
                _ = try await send()
                throw ConnectionError(.timedOut, reason: "the simulated network lost the answer")
            case nil: break
            }
            let response = try await send()
            finish(index, .succeeded)
            return response
        } catch is CancellationError {
            finish(index, .cancelled)
            throw CancellationError()
        } catch {
            finish(index, .failed(String(describing: error)))
            throw error
        }
    }

    private func finish(_ index: Int, _ outcome: LoggedRequest.Outcome) {
        state.withLock { state in
            guard state.log.indices.contains(index) else { return }
            state.log[index].endTick = state.nextTick()
            state.log[index].outcome = outcome
        }
    }
}
