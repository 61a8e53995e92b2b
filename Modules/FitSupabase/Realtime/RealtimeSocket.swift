import FitCore
import Foundation

/// One Realtime socket per ``SupabaseDatabase``: one channel per followed table and filter, each joined with its
/// full `postgres_changes` config — again after every reconnect — and each reporting
/// ``FitCore/DatabaseChange/missedChanges(table:)`` whenever Realtime confirms a (re)subscription, because Postgres
/// changes are never replayed: a follower reloads and misses nothing.
///
/// Time moves only by the clock it is given: a heartbeat every `heartbeatInterval`; a heartbeat still unanswered when
/// the next is due means the connection is dead (it is closed and opened again); a join unanswered by then is sent
/// again; reconnects and refused rejoins wait `backoff` (the last step repeating). Each heartbeat also pushes a
/// refreshed access token to every joined channel.
actor RealtimeSocket {
    /// One follower: a table, its filter, and the stream it reads.
    private struct Subscription {
        let table: String
        let filter: String?
        let keyColumns: [String]
        /// Joins without a token (the database acts as `anon`).
        let anonymous: Bool
        let topic: String
        let continuation: AsyncThrowingStream<DatabaseChange, any Error>.Continuation
        /// The ref of the join in effect or in flight; `nil` when not joined.
        var joinRef: String?
        /// Realtime confirmed the join ("Subscribed to PostgreSQL") at least once.
        var wasSubscribed = false
        /// Heartbeats since the join in flight was sent.
        var ticksWaiting = 0
        /// Realtime confirmed the join in flight.
        var subscribedSinceJoin = false
        /// Failed joins in a row, for the back-off.
        var failures = 0
    }

    private let url: URL
    private let transport: any RealtimeTransport
    private let accessToken: @Sendable () async throws -> String?
    private let clock: any Clock<Duration>
    private let heartbeatInterval: Duration
    private let backoff: [Duration]

    private var subscriptions: [Int: Subscription] = [:]
    private var nextRef = 0
    private var connection: (any RealtimeConnection)?
    /// Which opening ``connection`` is: a run that ended (its followers left, and others came) must not clear the
    /// connection a newer run opened.
    private var connectionNumber = 0
    private var running: Task<Void, Never>?
    private var unansweredHeartbeat: String?
    private var pushedToken: String?

    init(
        url: URL, transport: any RealtimeTransport, accessToken: @escaping @Sendable () async throws -> String?,
        clock: any Clock<Duration>, heartbeatInterval: Duration = .seconds(25),
        backoff: [Duration] = [.seconds(1), .seconds(2), .seconds(5), .seconds(10)]
    ) {
        self.url = url
        self.transport = transport
        self.accessToken = accessToken
        self.clock = clock
        self.heartbeatInterval = heartbeatInterval
        self.backoff = backoff.isEmpty ? [.seconds(1)] : backoff
    }

    /// The followers whose streams are open, counted as they open and end (before the socket hears of either).
    private nonisolated let openStreams = LockedState(Set<Int>())
    private nonisolated let streamNumbers = LockedState(0)
    /// Followers that ended before the socket added them.
    private var endedBeforeAdded: Set<Int> = []

    /// How many followers have an open stream: they leave when their task is cancelled.
    nonisolated var followerCount: Int { openStreams.withLock { $0.count } }

    /// Follows `table`'s changes that Realtime sends for `filter`.
    nonisolated func changes(to table: String, filter: String?, keyColumns: [String], anonymous: Bool)
        -> AsyncThrowingStream<DatabaseChange, any Error>
    {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: DatabaseChange.self)
        let id = streamNumbers.withLock { number in
            defer { number += 1 }
            return number
        }
        openStreams.withLock { _ = $0.insert(id) }
        let openStreams = openStreams
        continuation.onTermination = { _ in
            openStreams.withLock { _ = $0.remove(id) }
            Task { await self.remove(id) }
        }
        Task {
            await self.add(
                id: id, table: table, filter: filter, keyColumns: keyColumns, anonymous: anonymous, continuation)
        }
        return stream
    }

    private func add(
        id: Int, table: String, filter: String?, keyColumns: [String], anonymous: Bool,
        _ continuation: AsyncThrowingStream<DatabaseChange, any Error>.Continuation
    ) async {
        guard endedBeforeAdded.remove(id) == nil else { return }
        subscriptions[id] = Subscription(
            table: table, filter: filter, keyColumns: keyColumns, anonymous: anonymous,
            topic: "realtime:fitkit-\(table)-\(id)", continuation: continuation)
        if running == nil {
            running = Task { await self.run() }
        } else if connection != nil {
            await join(id)
        }
    }

    private func remove(_ id: Int) async {
        guard let subscription = subscriptions.removeValue(forKey: id) else {
            endedBeforeAdded.insert(id)
            return
        }
        if let joinRef = subscription.joinRef {
            await send(RealtimeMessage(joinRef: joinRef, ref: takeRef(), topic: subscription.topic, event: "phx_leave"))
        }
        if subscriptions.isEmpty {
            running?.cancel()
            running = nil
            await connection?.close()
        }
    }

    // MARK: The connection

    /// Connects, joins every channel, reads until the connection ends, and starts again after the back-off, until
    /// no one follows.
    private func run() async {
        var failures = 0
        var everConnected = false
        while !Task.isCancelled && !subscriptions.isEmpty {
            let opened: any RealtimeConnection
            do {
                opened = try await transport.connect(to: url)
            } catch {
                failures += 1
                // A socket that never opened is a wrong URL or no Realtime there, not an outage: say so rather than
                // retry for ever.
                if !everConnected && failures >= Self.firstConnectAttempts {
                    giveUp(because: error)
                    return
                }
                guard await pause(failures) else { return }
                continue
            }
            everConnected = true
            failures = 0
            connectionNumber += 1
            let mine = connectionNumber
            connection = opened
            unansweredHeartbeat = nil
            for id in subscriptions.keys.sorted() { await join(id) }
            let heartbeat = Task { await self.beat() }
            do {
                for try await text in opened.frames { await receive(text) }
            } catch {
                // A failed socket ends like a closed one.
            }
            heartbeat.cancel()
            guard connectionNumber == mine else { return }
            connection = nil
            for id in subscriptions.keys { subscriptions[id]?.joinRef = nil }
            failures = 1
            guard await pause(failures) else { return }
        }
    }

    /// Attempts at the first connection before the followers are told Realtime cannot be reached.
    static let firstConnectAttempts = 3

    /// Ends every follower's stream with ``FitCore/ConnectionError`` (`.unreachable`).
    private func giveUp(because error: any Error) {
        let failure = ConnectionError(
            .unreachable, reason: "Supabase Realtime could not be reached at \(url.absoluteString): \(error)")
        for subscription in subscriptions.values { subscription.continuation.finish(throwing: failure) }
        subscriptions = [:]
        running = nil
    }

    /// Waits the back-off for the `failures`-th failure in a row; `false` when cancelled.
    private func pause(_ failures: Int) async -> Bool {
        let delay = backoff[min(max(failures, 1), backoff.count) - 1]
        do {
            try await clock.sleep(for: delay)
            return !Task.isCancelled
        } catch {
            return false
        }
    }

    private func beat() async {
        while !Task.isCancelled {
            do {
                try await clock.sleep(for: heartbeatInterval)
            } catch {
                return
            }
            await tick()
        }
    }

    /// One heartbeat: a connection that did not answer the last one is dead; joins left unanswered are sent again;
    /// a refreshed token goes to every joined channel.
    private func tick() async {
        guard let current = connection else { return }
        if unansweredHeartbeat != nil {
            await current.close()
            return
        }
        let ref = takeRef()
        unansweredHeartbeat = ref
        await send(RealtimeMessage(ref: ref, topic: "phoenix", event: "heartbeat"))
        for id in subscriptions.keys.sorted() {
            guard let subscription = subscriptions[id], subscription.joinRef != nil else { continue }
            // A join goes again only once a whole interval has passed without its answer: the heartbeat after the
            // one that first found it waiting (a join sent just before a heartbeat is not sent twice at once).
            let heartbeatsSeen = subscription.ticksWaiting
            subscriptions[id]?.ticksWaiting = heartbeatsSeen + 1
            if heartbeatsSeen >= 1 && !subscription.subscribedSinceJoin {
                await join(id)
            }
        }
        if let token = try? await accessToken(), token != pushedToken {
            pushedToken = token
            for subscription in subscriptions.values where !subscription.anonymous {
                guard let joinRef = subscription.joinRef else { continue }
                await send(
                    RealtimeMessage(
                        joinRef: joinRef, ref: takeRef(), topic: subscription.topic, event: "access_token",
                        payload: ["access_token": .string(token)]))
            }
        }
    }

    // MARK: Channels

    private func join(_ id: Int) async {
        guard var subscription = subscriptions[id] else { return }
        var change: [String: JSONValue] = [
            "event": "*", "schema": "public", "table": .string(subscription.table),
        ]
        if let filter = subscription.filter { change["filter"] = .string(filter) }
        var payload: [String: JSONValue] = [
            "config": [
                "broadcast": ["self": false, "ack": false], "presence": ["key": "", "enabled": false],
                "postgres_changes": [.object(change)], "private": false,
            ]
        ]
        if !subscription.anonymous, let token = try? await accessToken() {
            payload["access_token"] = .string(token)
            pushedToken = token
        }
        let ref = takeRef()
        subscription.joinRef = ref
        subscription.ticksWaiting = 0
        subscription.subscribedSinceJoin = false
        subscriptions[id] = subscription
        await send(
            RealtimeMessage(joinRef: ref, ref: ref, topic: subscription.topic, event: "phx_join", payload: payload))
    }

    private func receive(_ text: String) async {
        guard let message = try? RealtimeMessage(text: text) else { return }
        if message.topic == "phoenix" {
            if message.event == "phx_reply", message.ref == unansweredHeartbeat { unansweredHeartbeat = nil }
            return
        }
        guard let id = subscriptions.first(where: { $0.value.topic == message.topic })?.key,
            let subscription = subscriptions[id]
        else { return }
        // A message of an earlier join of this topic (a reply, a close or an error of a join already replaced) says
        // nothing about the join in effect.
        guard message.joinRef == nil || message.joinRef == subscription.joinRef else { return }
        switch message.event {
        case "phx_reply" where message.ref == subscription.joinRef:
            guard message.payload["status"] != "ok" else { return }
            await refused(id, reason: Self.reason(in: message, fallback: "the join was refused"))
        case "system":
            guard message.payload["extension"] == "postgres_changes" || message.payload["status"] != "ok" else {
                return
            }
            if message.payload["status"] == "ok" {
                subscriptions[id]?.wasSubscribed = true
                subscriptions[id]?.subscribedSinceJoin = true
                subscriptions[id]?.failures = 0
                subscription.continuation.yield(.missedChanges(table: subscription.table))
            } else if message.payload["extension"] == "postgres_changes" && !subscription.wasSubscribed {
                // Realtime cannot follow the table (not in the publication, or parameters it refuses): that will not
                // change by asking again.
                subscriptions[id] = nil
                subscription.continuation.finish(
                    throwing: ChangeFeedError.notPublished(
                        table: subscription.table,
                        reason: Self.reason(in: message, fallback: "Realtime refused the subscription")))
            } else {
                // Any other error (a token that expired, a subscription lost): join again.
                subscriptions[id]?.joinRef = nil
                await rejoinLater(id)
            }
        case "postgres_changes":
            guard let change = try? RealtimeChange.change(in: message, keyColumns: subscription.keyColumns) else {
                // A change that does not read is a change missed.
                subscription.continuation.yield(.missedChanges(table: subscription.table))
                return
            }
            if case .row(let kind, _, let key, let row) = change {
                subscription.continuation.yield(.row(kind: kind, table: subscription.table, key: key, row: row))
            }
        case "phx_close", "phx_error":
            // Closed by the server (an expired token, a restart of the channel): join again after the back-off.
            subscriptions[id]?.joinRef = nil
            await rejoinLater(id)
        default:
            return
        }
    }

    /// A join refused by its reply (an invalid token, a server busy, a join it would not take now): joined again after
    /// the back-off; a channel that was never subscribed and is refused ``firstConnectAttempts`` times in a row ends
    /// with ``FitCore/ChangeFeedError/notPublished(table:reason:)`` naming the server's reason, rather than asking for
    /// ever. The changes in between are reported missed once a join succeeds.
    private func refused(_ id: Int, reason: String) async {
        guard let subscription = subscriptions[id] else { return }
        subscriptions[id]?.joinRef = nil
        if !subscription.wasSubscribed && subscription.failures + 1 >= Self.firstConnectAttempts {
            subscriptions[id] = nil
            subscription.continuation.finish(
                throwing: ChangeFeedError.notPublished(table: subscription.table, reason: reason))
            return
        }
        await rejoinLater(id)
    }

    private func rejoinLater(_ id: Int) async {
        guard var subscription = subscriptions[id] else { return }
        subscription.failures += 1
        subscriptions[id] = subscription
        let failures = subscription.failures
        Task {
            guard await self.pause(failures) else { return }
            await self.rejoinIfStillLeft(id)
        }
    }

    private func rejoinIfStillLeft(_ id: Int) async {
        guard connection != nil, let subscription = subscriptions[id], subscription.joinRef == nil else { return }
        await join(id)
    }

    // MARK: Sending

    private func takeRef() -> String {
        nextRef += 1
        return String(nextRef)
    }

    private func send(_ message: RealtimeMessage) async {
        guard let connection else { return }
        do {
            try await connection.send(message.text)
        } catch {
            // The read loop sees the connection end and reconnects.
            await connection.close()
        }
    }

    private static func reason(in message: RealtimeMessage, fallback: String) -> String {
        if case .string(let text)? = message.payload["message"] { return text }
        if case .object(let response)? = message.payload["response"], case .string(let text)? = response["reason"] {
            return text
        }
        return fallback
    }
}
