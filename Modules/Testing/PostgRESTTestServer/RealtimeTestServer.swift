import FitCore
import FitInMemory
import FitSupabase
import Foundation
import NIOCore

/// Supabase Realtime for FitKit's tests: speaks protocol 2.0.0 (`phx_join` with a `postgres_changes` config,
/// replies, `system` messages, heartbeats, `access_token`, `phx_leave`, `phx_close`, `phx_error`) over the in-memory
/// database's change feed, with the rules of Realtime's sources (github:supabase/realtime):
/// - `lib/realtime_web/channels/realtime_channel.ex`: a join refused with `{"reason": "Code: message"}`
///   (``refuseJoins(_:reason:)``, ``requirePrivateChannels()``, an expired token's `InvalidJWTToken`, more than
///   ``channelLimit`` channels on one socket: `ChannelRateLimitReached: Too many channels`); a `postgres_changes`
///   error the server retries itself in 5-10 s before "Subscribed to PostgreSQL" (``failSubscriptions(_:reason:)``); a channel shut down with a `system` error and closed (``expireTokens()``), or failed
///   with `phx_error` (``failChannels()``); a restart (``restart(refusingJoins:)``): every socket dropped and joins
///   refused with `RealtimeRestarting` for a while;
/// - `lib/extensions/postgres_cdc_rls/subscriptions.ex`: filters split on top-level commas and trimmed
///   (`RealtimeFilterParser`); a table outside the publication or a filter that does not parse refused with a
///   `system` error that is not retried;
/// - the tenant migrations' `realtime.apply_rls` and `is_visible_through_filters`: changes are those the joining
///   token's role may see (row-level security), filters are checked on the new record of an insert or an update and
///   the old record of a delete (`RealtimeFilterMatch`: a row that leaves a filter is not announced), and a change
///   too large is sent with `errors: ["Error 413: Payload Too Large"]` and only its values of 64 bytes or less
///   (``sendOversized(_:)``);
/// - the tenant's rate limits: changes past them are dropped without notice (``dropChanges(_:)``);
/// - `lib/realtime_web/channels/user_socket.ex`: an upgrade refused with an HTTP status and a JSON error
///   (``refuseUpgrades(status:count:)``: 401 for a wrong key, 403 for a tenant whose Realtime is disabled, 429 past
///   the connection limit), over a real socket by `RefusedUpgradeHandler`; one closed before it is answered
///   (``dropUpgrades(count:)``).
///
/// Connections are in-process (``transport``): every frame goes through the protocol's text, without a socket. The
/// faults a deployment has that are not the server's are switches too: ``dropConnections()`` (the network), and
/// ``silence()`` (a connection that stops answering, caught by the client's heartbeat), ``holdJoinReplies()``.
public final class RealtimeTestServer: Sendable {
    let database: InMemoryDatabase
    let published: Set<String>
    let state = LockedState(State())

    struct State {
        var sessions: [Int: RealtimeTestSession] = [:]
        /// The WebSocket channels serving sessions, closed before their event loop stops.
        var sockets: [ObjectIdentifier: any Channel] = [:]
        var nextSession = 0
        var nextSubscription = 48_000
        var refusals: [String] = []
        var holdsReplies = false
        var joins = 0
        var failingSubscriptions: [String] = []
        var privateOnly = false
        var droppedChanges = 0
        var oversized = 0
        /// The next upgrades' fates: an HTTP status, or `nil` for a connection closed before any answer.
        var upgradeRefusals: [Int?] = []
        /// How many upgrades were refused or closed unanswered so far, and who waits for how many.
        var refusedUpgrades = 0
        var refusalWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
        var leaves = 0
        var pushedTokens: [String: [String]] = [:]
    }

    /// How many channels one socket may join (`max_channels_per_client`, 100 by default in Realtime).
    public let channelLimit: Int

    /// - Parameters:
    ///   - database: The database whose change feed the channels follow.
    ///   - published: The tables in the `supabase_realtime` publication.
    ///   - channelLimit: How many channels one socket may join; Realtime's default, 100.
    public init(database: InMemoryDatabase, published: Set<String>, channelLimit: Int = 100) {
        self.database = database
        self.published = published
        self.channelLimit = channelLimit
    }

    /// A transport whose connections reach this server in-process.
    public var transport: any RealtimeTransport { InProcessRealtimeTransport(server: self) }

    /// How many `phx_join`s the server has received.
    public var joinCount: Int { state.withLock { $0.joins } }

    /// How many connections are open.
    public var connectionCount: Int { state.withLock { $0.sessions.count } }

    /// Ends every open connection with an error, as a server that was killed.
    public func dropConnections() {
        for session in state.withLock({ Array($0.sessions.values) }) { session.drop() }
    }

    /// Open connections stop answering anything, heartbeats included, and send nothing more.
    public func silence() {
        for session in state.withLock({ Array($0.sessions.values) }) { session.silence() }
    }

    /// How many `phx_leave`s the server has received.
    public var leaveCount: Int { state.withLock { $0.leaves } }

    /// Refuses the next `count` joins with an error reply whose reason is `reason` (`"Code: message"`, as
    /// `realtime_channel.ex` builds it).
    ///
    /// - Parameters:
    ///   - count: How many joins to refuse.
    ///   - reason: The reply's reason.
    public func refuseJoins(_ count: Int, reason: String) {
        state.withLock { $0.refusals += Array(repeating: reason, count: count) }
    }

    /// The next `count` joins are answered, then their subscription fails with a `postgres_changes` error saying
    /// `reason` (such as "Too many database timeouts"), and the server's own retry then subscribes them.
    ///
    /// - Parameters:
    ///   - count: How many joins' subscriptions fail first.
    ///   - reason: The `system` message's text.
    public func failSubscriptions(_ count: Int, reason: String) {
        state.withLock { $0.failingSubscriptions += Array(repeating: reason, count: count) }
    }

    /// Joins of public channels are refused with `PrivateOnly`, as a project that allows private channels only.
    public func requirePrivateChannels() {
        state.withLock { $0.privateOnly = true }
    }

    /// The next `count` changes are dropped without notice (a tenant past its events-per-second limit).
    ///
    /// - Parameter count: How many changes to drop.
    public func dropChanges(_ count: Int) {
        state.withLock { $0.droppedChanges += count }
    }

    /// The next `count` changes are too large to send whole: sent with Realtime's 413 marker and only the values of 64
    /// bytes or less.
    ///
    /// - Parameter count: How many changes to send so.
    public func sendOversized(_ count: Int) {
        state.withLock { $0.oversized += count }
    }

    /// The next `count` socket upgrades are answered with HTTP `status` instead of opening.
    ///
    /// - Parameters:
    ///   - status: The HTTP status of the refusal (401, 403, 429, …).
    ///   - count: How many upgrades to refuse.
    public func refuseUpgrades(status: Int, count: Int) {
        state.withLock { $0.upgradeRefusals += Array(repeating: status, count: count) }
    }

    /// Every joined channel fails with `phx_error` (a channel process that crashed).
    public func failChannels() async {
        for session in state.withLock({ Array($0.sessions.values) }) { await session.failChannels() }
    }

    /// Realtime restarting (a deploy): every socket is dropped, and the next `joins` joins are refused with
    /// `RealtimeRestarting: Realtime is restarting, please standby` before the server takes them again.
    ///
    /// - Parameter joins: How many joins after the restart to refuse.
    public func restart(refusingJoins joins: Int) {
        refuseJoins(joins, reason: "RealtimeRestarting: Realtime is restarting, please standby")
        dropConnections()
    }

    /// The next `count` socket upgrades are never answered: the connection closes mid-handshake, as a proxy or load
    /// balancer dropping it does, or a server going down.
    ///
    /// - Parameter count: How many upgrades to leave unanswered.
    public func dropUpgrades(count: Int) {
        state.withLock { $0.upgradeRefusals += Array(repeating: nil, count: count) }
    }

    /// What becomes of the next upgrade: `nil` when it opens, else the ``RefusedUpgrade``.
    func admitUpgrade() -> RefusedUpgrade? {
        let (refusal, ready) = state.withLock { state -> (RefusedUpgrade?, [CheckedContinuation<Void, Never>]) in
            guard !state.upgradeRefusals.isEmpty else { return (nil, []) }
            let refusal = RefusedUpgrade(status: state.upgradeRefusals.removeFirst())
            state.refusedUpgrades += 1
            let refused = state.refusedUpgrades
            let ready = state.refusalWaiters.filter { $0.count <= refused }.map(\.continuation)
            state.refusalWaiters.removeAll { $0.count <= refused }
            return (refusal, ready)
        }
        for continuation in ready { continuation.resume() }
        return refusal
    }

    /// Returns once the server has taken `count` upgrade requests in all that it refuses or leaves unanswered
    /// (``refuseUpgrades(status:count:)``, ``dropUpgrades(count:)``): a test moving a client's clock past its
    /// handshake timeout waits here first, so that the timeout ends an attempt the server has already seen.
    ///
    /// - Parameter count: How many refused or unanswered upgrades to wait for, counted since the server started.
    public func waitForRefusedUpgrades(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.refusedUpgrades >= count { return true }
                state.refusalWaiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// The tokens each topic was sent with `access_token`, in order.
    public var pushedTokens: [String: [String]] { state.withLock { $0.pushedTokens } }

    func recordToken(_ token: String, topic: String) {
        state.withLock { $0.pushedTokens[topic, default: []].append(token) }
    }

    func countLeave() {
        state.withLock { $0.leaves += 1 }
    }

    /// What happens to the next change of a channel: dropped, sent whole, or sent with the 413 marker.
    func admitChange() -> (dropped: Bool, oversized: Bool) {
        state.withLock { state in
            if state.droppedChanges > 0 {
                state.droppedChanges -= 1
                return (true, false)
            }
            guard state.oversized > 0 else { return (false, false) }
            state.oversized -= 1
            return (false, true)
        }
    }

    /// Closes every joined channel as Realtime does when the channel's token expired: a `system` error, then
    /// `phx_close`.
    public func expireTokens() async {
        for session in state.withLock({ Array($0.sessions.values) }) { await session.expireTokens() }
    }

    /// Joins are answered only after ``releaseJoinReplies()``.
    public func holdJoinReplies() {
        state.withLock { $0.holdsReplies = true }
    }

    /// Answers the joins held since ``holdJoinReplies()``, in order, and answers the next ones at once.
    public func releaseJoinReplies() async {
        state.withLock { $0.holdsReplies = false }
        for session in state.withLock({ Array($0.sessions.values) }) { await session.releaseHeldJoins() }
    }

    func register(_ channel: any Channel) {
        state.withLock { $0.sockets[ObjectIdentifier(channel)] = channel }
    }

    func unregister(_ channel: any Channel) {
        state.withLock { _ = $0.sockets.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Closes every WebSocket serving a session and waits until each is closed: before its event loop stops, so no
    /// late write lands on a loop that is gone.
    func closeSockets() async {
        for channel in state.withLock({ Array($0.sockets.values) }) { try? await channel.close() }
    }

    func open() -> InProcessRealtimeConnection {
        let (toClient, client) = AsyncThrowingStream.makeStream(of: String.self)
        let id = state.withLock { state in
            defer { state.nextSession += 1 }
            return state.nextSession
        }
        let session = RealtimeTestSession(server: self, client: client) { [weak self] in
            self?.state.withLock { _ = $0.sessions.removeValue(forKey: id) }
        }
        state.withLock { $0.sessions[id] = session }
        return InProcessRealtimeConnection(frames: toClient, session: session)
    }

    /// What happens to the next join (counted): the reason it is refused with, if any; whether replies are held; its
    /// subscription's number; and the reason its subscription fails with until the server's retry, if any.
    func admitJoin(isPrivate: Bool) -> (refusal: String?, held: Bool, subscription: Int, failing: String?) {
        state.withLock { state in
            state.joins += 1
            state.nextSubscription += 1
            if !state.refusals.isEmpty {
                return (state.refusals.removeFirst(), state.holdsReplies, state.nextSubscription, nil)
            }
            if state.privateOnly && !isPrivate {
                return (
                    "PrivateOnly: This project only allows private channels", state.holdsReplies,
                    state.nextSubscription, nil
                )
            }
            let failing = state.failingSubscriptions.isEmpty ? nil : state.failingSubscriptions.removeFirst()
            return (nil, state.holdsReplies, state.nextSubscription, failing)
        }
    }
}

/// Opens in-process connections to a ``RealtimeTestServer``.
struct InProcessRealtimeTransport: RealtimeTransport {
    let server: RealtimeTestServer

    func connect(to url: URL) async throws -> any RealtimeConnection {
        if let refused = server.admitUpgrade() {
            // A handshake closed unanswered is a lost connection to URLSession.
            throw refused.status.map { RealtimeUpgradeError(status: $0) } ?? URLError(.networkConnectionLost)
        }
        return server.open()
    }
}

/// The client's end of an in-process connection.
struct InProcessRealtimeConnection: RealtimeConnection {
    let frames: AsyncThrowingStream<String, any Error>
    let session: RealtimeTestSession

    func send(_ text: String) async throws {
        try await session.receive(text)
    }

    func close() async {
        await session.close()
    }
}
