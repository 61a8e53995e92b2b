import FitCore
import Foundation

/// One Realtime socket per ``SupabaseDatabase``: one channel per followed schema, table, filter and role, shared by
/// every follower of the same, each joined with its full `postgres_changes` config — again after every reconnect — and
/// each reporting ``FitCore/DatabaseChange/missedChanges(table:)`` to its followers whenever Realtime confirms a
/// (re)subscription, because Postgres changes are never replayed: a follower reloads and misses nothing that was
/// committed before.
///
/// What the server says decides what happens (``RealtimeReason``): passing trouble (a restart, a cold start, the
/// database busy) is retried with back-off for ``RealtimeRefusal/transientRetryBudget`` and then reported as
/// ``RealtimeRefusal/unavailable(reason:)``; a refusal for good ends the channel's followers with its typed error and
/// leaves the channel (`phx_leave`). A socket that never opens — no frame ever read, whatever the transport — is
/// reported unreachable after ``firstConnectAttempts``. When no one follows any more, the socket closes; the next
/// follower opens it again.
///
/// Time moves only by the clock it is given: a heartbeat every `heartbeatInterval`; a heartbeat still unanswered when
/// the next is due means the connection is dead (it is closed and opened again); a join unanswered by then is sent
/// again; reconnects and rejoins wait `backoff` (the last step repeating). Each heartbeat also pushes a refreshed access
/// token to every joined channel that has not had it, and every `resyncInterval` reports missed changes to every
/// subscribed channel: Realtime drops changes silently past a project's rate limits and never announces a row that
/// leaves a filter, so followers reload now and then.
actor RealtimeSocket {
    /// What a channel follows: channels are shared by the followers of the same.
    struct ChannelKey: Hashable, Sendable {
        var schema: String
        var table: String
        var filter: String?
        /// Joins without a token (the database acts as `anon`).
        var anonymous: Bool
    }

    /// One channel and its followers.
    private struct Channel {
        let key: ChannelKey
        let keyColumns: [String]
        let topic: String
        var followers: [Int: AsyncThrowingStream<DatabaseChange, any Error>.Continuation] = [:]
        /// The ref of the join in effect or in flight; `nil` when not joined.
        var joinRef: String?
        /// Realtime confirmed the join in flight ("Subscribed to PostgreSQL").
        var subscribedSinceJoin = false
        /// Heartbeats since the join in flight was sent.
        var ticksWaiting = 0
        /// Refusals and rejoins in a row, for the back-off.
        var failures = 0
        /// How long passing trouble has been waited out since the channel was last subscribed.
        var troubleWaited: Duration = .zero
        /// The token this channel last sent (with its join or an `access_token` push).
        var pushedToken: String?
    }

    private let url: URL
    private let transport: any RealtimeTransport
    private let accessToken: @Sendable () async throws -> String?
    private let clock: any Clock<Duration>
    private let heartbeatInterval: Duration
    private let backoff: [Duration]
    private let privateChannels: Bool
    private let resyncInterval: Duration?

    private var channels: [ChannelKey: Channel] = [:]
    private var channelOf: [Int: ChannelKey] = [:]
    private var nextRef = 0
    private var nextChannel = 0
    private var connection: (any RealtimeConnection)?
    /// Which opening ``connection`` is: a run that ended (its followers left, and others came) must not clear the
    /// connection a newer run opened.
    private var connectionNumber = 0
    private var running: Task<Void, Never>?
    private var runNumber = 0
    private var unansweredHeartbeat: String?
    private var sinceResync: Duration = .zero

    init(
        url: URL, transport: any RealtimeTransport, accessToken: @escaping @Sendable () async throws -> String?,
        clock: any Clock<Duration>, heartbeatInterval: Duration = .seconds(25),
        backoff: [Duration] = [.seconds(1), .seconds(2), .seconds(5), .seconds(10)], privateChannels: Bool = false,
        resyncInterval: Duration? = nil
    ) {
        self.url = url
        self.transport = transport
        self.accessToken = accessToken
        self.clock = clock
        self.heartbeatInterval = heartbeatInterval
        self.backoff = backoff.isEmpty ? [.seconds(1)] : backoff
        self.privateChannels = privateChannels
        self.resyncInterval = resyncInterval
    }

    /// The followers whose streams are open, counted as they open and end (before the socket hears of either).
    private nonisolated let openStreams = LockedState(Set<Int>())
    private nonisolated let streamNumbers = LockedState(0)
    private nonisolated let openChannels = LockedState(0)
    /// Followers that ended before the socket added them.
    private var endedBeforeAdded: Set<Int> = []
    /// Followers the socket ended (a refusal, an unreachable socket) whose streams have yet to say so.
    private var endedBySocket: Set<Int> = []

    /// How many followers have an open stream: they leave when their task is cancelled.
    nonisolated var followerCount: Int { openStreams.withLock { $0.count } }

    /// How many channels the socket holds for its followers (followers of the same table and filter share one).
    nonisolated var channelCount: Int { openChannels.value }

    /// Follows `table`'s changes that Realtime sends for `filter`.
    nonisolated func changes(_ key: ChannelKey, keyColumns: [String]) -> AsyncThrowingStream<DatabaseChange, any Error>
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
        Task { await self.add(id: id, key: key, keyColumns: keyColumns, continuation) }
        return stream
    }

    private func add(
        id: Int, key: ChannelKey, keyColumns: [String],
        _ continuation: AsyncThrowingStream<DatabaseChange, any Error>.Continuation
    ) async {
        guard endedBeforeAdded.remove(id) == nil else { return }
        channelOf[id] = key
        if var channel = channels[key] {
            channel.followers[id] = continuation
            channels[key] = channel
            // The channel is subscribed already: for this follower, as for the others when they came, whatever was
            // committed before is to be read.
            if channel.subscribedSinceJoin && connection != nil {
                continuation.yield(.missedChanges(table: key.table))
            }
            return
        }
        nextChannel += 1
        channels[key] = Channel(
            key: key, keyColumns: keyColumns, topic: "realtime:fitkit-\(key.table)-\(nextChannel)",
            followers: [id: continuation])
        openChannels.withLock { $0 = channels.count }
        if running == nil {
            runNumber += 1
            let number = runNumber
            running = Task { await self.run(number) }
        } else if connection != nil {
            await join(key)
        }
    }

    private func remove(_ id: Int) async {
        guard let key = channelOf.removeValue(forKey: id) else {
            if endedBySocket.remove(id) == nil { endedBeforeAdded.insert(id) }
            return
        }
        guard var channel = channels[key] else { return }
        channel.followers[id] = nil
        guard channel.followers.isEmpty else {
            channels[key] = channel
            return
        }
        await leave(key)
    }

    /// Leaves the channel (`phx_leave` when joined) and forgets it; the socket closes when it was the last.
    private func leave(_ key: ChannelKey) async {
        guard let channel = channels.removeValue(forKey: key) else { return }
        openChannels.withLock { $0 = channels.count }
        for id in channel.followers.keys { channelOf[id] = nil }
        if let joinRef = channel.joinRef {
            await send(RealtimeMessage(joinRef: joinRef, ref: takeRef(), topic: channel.topic, event: "phx_leave"))
        }
        if channels.isEmpty {
            running?.cancel()
            running = nil
            let open = connection
            connection = nil
            await open?.close()
        }
    }

    /// Leaves the channel, then ends every follower of it with `error`: when a follower hears of the refusal, the
    /// server has been told.
    private func end(_ key: ChannelKey, throwing error: any Error) async {
        guard let channel = channels[key] else { return }
        endedBySocket.formUnion(channel.followers.keys)
        await leave(key)
        for follower in channel.followers.values { follower.finish(throwing: error) }
    }

    // MARK: The connection

    /// Connects, joins every channel, reads until the connection ends, and starts again after the back-off, until
    /// no one follows.
    private func run(_ number: Int) async {
        defer { if runNumber == number { running = nil } }
        var failures = 0
        var everOpened = false
        while !Task.isCancelled && !channels.isEmpty {
            var ending: (any Error)?
            var framesRead = false
            do {
                let opened = try await transport.connect(to: url)
                connectionNumber += 1
                let mine = connectionNumber
                connection = opened
                unansweredHeartbeat = nil
                for key in channels.keys.sorted(by: { $0.table < $1.table }) { await join(key) }
                let heartbeat = Task { await self.beat() }
                do {
                    for try await text in opened.frames {
                        framesRead = true
                        everOpened = true
                        await receive(text)
                    }
                } catch {
                    ending = error
                }
                heartbeat.cancel()
                guard connectionNumber == mine else { return }
                connection = nil
                for key in channels.keys { channels[key]?.joinRef = nil }
            } catch {
                ending = error
            }
            // A socket that ended before it said anything never opened (a refused upgrade on URLSession, where the
            // task only fails its first read): an outage is retried without end once the socket has worked, but a
            // socket that never did is a wrong URL, a wrong key, no Realtime there, and the followers are told.
            failures = framesRead ? 1 : failures + 1
            if Task.isCancelled { return }
            if !everOpened && failures >= Self.firstConnectAttempts {
                giveUp(because: ending)
                return
            }
            guard await pause(failures) else { return }
        }
    }

    /// Attempts at the first connection before the followers are told Realtime cannot be reached.
    static let firstConnectAttempts = 3

    /// Ends every follower's stream with ``FitCore/ConnectionError`` (`.unreachable`), naming the last error.
    private func giveUp(because error: (any Error)?) {
        let why = error.map { ": \($0)" } ?? ": the socket closed before it said anything"
        let failure = ConnectionError(
            .unreachable, reason: "Supabase Realtime could not be reached at \(url.absoluteString)\(why)")
        for channel in channels.values {
            endedBySocket.formUnion(channel.followers.keys)
            for follower in channel.followers.values { follower.finish(throwing: failure) }
        }
        channels = [:]
        channelOf = [:]
        openChannels.withLock { $0 = 0 }
    }

    /// The back-off's wait for the `failures`-th failure in a row.
    private func delay(_ failures: Int) -> Duration {
        backoff[min(max(failures, 1), backoff.count) - 1]
    }

    /// Waits the back-off for the `failures`-th failure in a row; `false` when cancelled.
    private func pause(_ failures: Int) async -> Bool {
        do {
            try await clock.sleep(for: delay(failures))
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

    /// One heartbeat: a connection that did not answer the last one is dead; joins left unanswered are sent again
    /// (passing trouble, counted against the budget); a refreshed token goes to every joined channel that lacks it;
    /// missed changes are reported when a resync is due.
    private func tick() async {
        guard let current = connection else { return }
        if unansweredHeartbeat != nil {
            await current.close()
            return
        }
        let ref = takeRef()
        unansweredHeartbeat = ref
        await send(RealtimeMessage(ref: ref, topic: "phoenix", event: "heartbeat"))
        for key in channels.keys.sorted(by: { $0.table < $1.table }) {
            guard let channel = channels[key], channel.joinRef != nil, !channel.subscribedSinceJoin else { continue }
            // A join goes again only once a whole interval has passed without its subscription: the heartbeat after
            // the one that first found it waiting (a join sent just before a heartbeat is not sent twice at once).
            channels[key]?.ticksWaiting = channel.ticksWaiting + 1
            guard channel.ticksWaiting >= 1 else { continue }
            let waited = channel.troubleWaited + heartbeatInterval
            channels[key]?.troubleWaited = waited
            if waited >= RealtimeRefusal.transientRetryBudget {
                await end(key, throwing: RealtimeRefusal.unavailable(reason: "no subscription confirmed in time"))
            } else {
                await join(key)
            }
        }
        if let token = try? await accessToken() {
            for key in channels.keys {
                guard let channel = channels[key], !key.anonymous, let joinRef = channel.joinRef,
                    channel.pushedToken != token
                else { continue }
                channels[key]?.pushedToken = token
                await send(
                    RealtimeMessage(
                        joinRef: joinRef, ref: takeRef(), topic: channel.topic, event: "access_token",
                        payload: ["access_token": .string(token)]))
            }
        }
        if let resyncInterval {
            sinceResync += heartbeatInterval
            if sinceResync >= resyncInterval {
                sinceResync = .zero
                for channel in channels.values where channel.subscribedSinceJoin {
                    for follower in channel.followers.values {
                        follower.yield(.missedChanges(table: channel.key.table))
                    }
                }
            }
        }
    }

    // MARK: Channels

    private func join(_ key: ChannelKey) async {
        guard var channel = channels[key] else { return }
        var change: [String: JSONValue] = [
            "event": "*", "schema": .string(key.schema), "table": .string(key.table),
        ]
        if let filter = key.filter { change["filter"] = .string(filter) }
        var payload: [String: JSONValue] = [
            "config": [
                "broadcast": ["self": false, "ack": false], "presence": ["key": "", "enabled": false],
                "postgres_changes": [.object(change)], "private": .bool(privateChannels),
            ]
        ]
        if !key.anonymous, let token = try? await accessToken() {
            payload["access_token"] = .string(token)
            channel.pushedToken = token
        }
        let ref = takeRef()
        channel.joinRef = ref
        channel.ticksWaiting = 0
        channel.subscribedSinceJoin = false
        channels[key] = channel
        await send(RealtimeMessage(joinRef: ref, ref: ref, topic: channel.topic, event: "phx_join", payload: payload))
    }

    private func receive(_ text: String) async {
        guard let message = try? RealtimeMessage(text: text) else { return }
        if message.topic == "phoenix" {
            if message.event == "phx_reply", message.ref == unansweredHeartbeat { unansweredHeartbeat = nil }
            return
        }
        guard let key = channels.first(where: { $0.value.topic == message.topic })?.key, let channel = channels[key]
        else { return }
        // A message of an earlier join of this topic (a reply, a close or an error of a join already replaced) says
        // nothing about the join in effect.
        guard message.joinRef == nil || message.joinRef == channel.joinRef else { return }
        switch message.event {
        case "phx_reply" where message.ref == channel.joinRef:
            guard message.payload["status"] != "ok" else { return }
            channels[key]?.joinRef = nil
            await refused(key, reason: Self.reason(in: message, fallback: "the join was refused"), from: .join)
        case "system":
            guard message.payload["extension"] == "postgres_changes" || message.payload["status"] != "ok" else {
                return
            }
            if message.payload["status"] == "ok" {
                channels[key]?.subscribedSinceJoin = true
                channels[key]?.failures = 0
                channels[key]?.troubleWaited = .zero
                for follower in channel.followers.values { follower.yield(.missedChanges(table: key.table)) }
            } else if message.payload["extension"] == "postgres_changes" {
                let reason = Self.reason(in: message, fallback: "Realtime refused the subscription")
                await refused(key, reason: reason, from: .subscription)
            } else {
                // The channel is shut down (an expired token, too many messages): it closes, and is joined again
                // with the current token after the back-off.
                channels[key]?.joinRef = nil
                await rejoinLater(key)
            }
        case "postgres_changes":
            let change: DatabaseChange
            if Self.isOversized(message) {
                // Realtime sent only the values of 64 bytes or less ("Error 413: Payload Too Large"): the row is not
                // known, only that something changed.
                change = .missedChanges(table: key.table)
            } else if let read = try? RealtimeChange.change(in: message, keyColumns: channel.keyColumns),
                case .row(let kind, _, let rowKey, let row) = read
            {
                change = .row(kind: kind, table: key.table, key: rowKey, row: row)
            } else {
                // A change that does not read is a change missed.
                change = .missedChanges(table: key.table)
            }
            for follower in channel.followers.values { follower.yield(change) }
        case "phx_close", "phx_error":
            // Closed by the server (an expired token, a restart of the channel): join again after the back-off.
            channels[key]?.joinRef = nil
            await rejoinLater(key)
        default:
            return
        }
    }

    /// A refusal, by its reason: passing trouble is waited out — a join's by joining again after the back-off, a
    /// subscription's by the server's own retry (it subscribes again in 5-10 s) — for the budget; a refusal for good
    /// ends the channel's followers with its typed error.
    private func refused(_ key: ChannelKey, reason: String, from source: RealtimeReason.Source) async {
        guard let channel = channels[key] else { return }
        switch RealtimeReason.verdict(reason, table: key.table, from: source) {
        case .permanent(let error):
            await end(key, throwing: error)
        case .transient where channel.troubleWaited >= RealtimeRefusal.transientRetryBudget:
            await end(key, throwing: RealtimeRefusal.unavailable(reason: reason))
        case .transient:
            if source == .join { await rejoinLater(key) }
        }
    }

    private func rejoinLater(_ key: ChannelKey) async {
        guard var channel = channels[key] else { return }
        channel.failures += 1
        channel.troubleWaited += delay(channel.failures)
        channels[key] = channel
        let failures = channel.failures
        Task {
            guard await self.pause(failures) else { return }
            await self.rejoinIfStillLeft(key)
        }
    }

    private func rejoinIfStillLeft(_ key: ChannelKey) async {
        guard connection != nil, let channel = channels[key], channel.joinRef == nil else { return }
        await join(key)
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

    /// A change Realtime marked too large to send whole: its `errors` say 413.
    private static func isOversized(_ message: RealtimeMessage) -> Bool {
        guard case .object(let data)? = message.payload["data"], case .array(let errors)? = data["errors"] else {
            return false
        }
        return errors.contains { $0.stringValue?.contains("413") == true }
    }

    private static func reason(in message: RealtimeMessage, fallback: String) -> String {
        if case .string(let text)? = message.payload["message"] { return text }
        if case .object(let response)? = message.payload["response"], case .string(let text)? = response["reason"] {
            return text
        }
        return fallback
    }
}
