import FitCore
import FitInMemory
import FitSupabase
import Foundation
import NIOCore

/// Supabase Realtime for FitKit's tests: speaks protocol 2.0.0 (`phx_join` with a `postgres_changes` config,
/// replies, `system` messages, heartbeats, `access_token`, `phx_leave`, `phx_close`) over the in-memory database's
/// change feed, with Realtime's rules: a table outside the publication is refused with a `system` error, changes are
/// those the joining token's role may see (row-level security), and a second join of a topic closes the first.
///
/// Connections are in-process (``transport``): every frame goes through the protocol's text, without a socket. The
/// faults a real deployment has are switches: ``dropConnections()`` (the server killed), ``silence()`` (a connection
/// that stops answering, caught by the client's heartbeat), ``refuseJoins(_:)``, ``expireTokens()`` (every channel
/// closed as Realtime closes a channel whose token expired) and ``holdJoinReplies()``.
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
        var refusals = 0
        var holdsReplies = false
        var joins = 0
    }

    /// - Parameters:
    ///   - database: The database whose change feed the channels follow.
    ///   - published: The tables in the `supabase_realtime` publication.
    public init(database: InMemoryDatabase, published: Set<String>) {
        self.database = database
        self.published = published
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

    /// Refuses the next `count` joins with an error reply.
    public func refuseJoins(_ count: Int) {
        state.withLock { $0.refusals += count }
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

    /// Whether the next join is refused (and counts it), and whether replies are held.
    func admitJoin() -> (refused: Bool, held: Bool, subscription: Int) {
        state.withLock { state in
            state.joins += 1
            state.nextSubscription += 1
            if state.refusals > 0 {
                state.refusals -= 1
                return (true, state.holdsReplies, state.nextSubscription)
            }
            return (false, state.holdsReplies, state.nextSubscription)
        }
    }
}

/// Opens in-process connections to a ``RealtimeTestServer``.
struct InProcessRealtimeTransport: RealtimeTransport {
    let server: RealtimeTestServer

    func connect(to url: URL) async throws -> any RealtimeConnection {
        server.open()
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
