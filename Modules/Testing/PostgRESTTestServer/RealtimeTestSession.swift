import FitCore
import FitInMemory
import FitSupabase
import Foundation

/// One client's connection to the ``RealtimeTestServer``: its joined channels, each following the in-memory change
/// feed as the joining token's role.
actor RealtimeTestSession {
    private struct Channel {
        let joinRef: String?
        let follower: Task<Void, Never>?
    }

    private struct Switches {
        var dropped = false
        var silent = false
    }

    /// Weak: the session's own tasks (a WebSocket's frames still being handed over, a client's late send) may outlive
    /// the server, and then the connection is lost, as when a server process is gone.
    private weak var server: RealtimeTestServer?
    private let client: AsyncThrowingStream<String, any Error>.Continuation
    private let onClose: @Sendable () -> Void
    private let switches = LockedState(Switches())
    private var channels: [String: Channel] = [:]
    private var heldJoins: [RealtimeMessage] = []

    init(
        server: RealtimeTestServer, client: AsyncThrowingStream<String, any Error>.Continuation,
        onClose: @escaping @Sendable () -> Void
    ) {
        self.server = server
        self.client = client
        self.onClose = onClose
    }

    /// The connection ends with an error, as when the server is killed.
    nonisolated func drop() {
        switches.withLock { $0.dropped = true }
        client.finish(throwing: URLError(.networkConnectionLost))
        onClose()
        Task { await self.stopFollowing() }
    }

    nonisolated func silence() {
        switches.withLock { $0.silent = true }
    }

    func close() {
        switches.withLock { $0.dropped = true }
        client.finish()
        onClose()
        stopFollowing()
    }

    private func stopFollowing() {
        for channel in channels.values { channel.follower?.cancel() }
        channels = [:]
    }

    func receive(_ text: String) async throws {
        let state = switches.value
        guard !state.dropped, let server else { throw URLError(.networkConnectionLost) }
        if state.silent { return }
        let message = try RealtimeMessage(text: text)
        switch (message.topic, message.event) {
        case ("phoenix", "heartbeat"):
            reply(to: message, status: "ok", response: [:])
        case (_, "phx_join"):
            let isPrivate: Bool
            if case .object(let config)? = message.payload["config"], config["private"] == .bool(true) {
                isPrivate = true
            } else {
                isPrivate = false
            }
            let admission = server.admitJoin(isPrivate: isPrivate)
            if let refusal = admission.refusal {
                reply(to: message, status: "error", response: ["reason": .string(refusal)])
            } else if channels[message.topic] == nil && channels.count >= server.channelLimit {
                reply(to: message, status: "error", response: ["reason": "ChannelRateLimitReached: Too many channels"])
            } else if admission.held {
                heldJoins.append(message)
            } else {
                await join(message, subscription: admission.subscription, failing: admission.failing, on: server)
            }
        case (_, "access_token"):
            if case .string(let token)? = message.payload["access_token"] {
                server.recordToken(token, topic: message.topic)
            }
        case (_, "phx_leave"):
            server.countLeave()
            channels.removeValue(forKey: message.topic)?.follower?.cancel()
            reply(to: message, status: "ok", response: [:])
        default:
            return
        }
    }

    func releaseHeldJoins() async {
        let held = heldJoins
        heldJoins = []
        guard let server else { return }
        for message in held {
            await join(message, subscription: server.admitJoin(isPrivate: true).subscription, failing: nil, on: server)
        }
    }

    /// Fails every channel with `phx_error`, as Phoenix reports a channel process that crashed.
    func failChannels() {
        for (topic, channel) in channels {
            channel.follower?.cancel()
            push(RealtimeMessage(joinRef: channel.joinRef, ref: channel.joinRef, topic: topic, event: "phx_error"))
        }
        channels = [:]
    }

    /// Closes every channel as Realtime does for an expired token.
    func expireTokens() {
        for (topic, channel) in channels {
            channel.follower?.cancel()
            push(
                RealtimeMessage(
                    joinRef: channel.joinRef, topic: topic, event: "system",
                    payload: [
                        "extension": "system", "status": "error", "message": "Token has expired 0 seconds ago",
                        "channel": .string(topic),
                    ]))
            push(RealtimeMessage(joinRef: channel.joinRef, ref: channel.joinRef, topic: topic, event: "phx_close"))
        }
        channels = [:]
    }

    private func join(
        _ message: RealtimeMessage, subscription: Int, failing: String?, on server: RealtimeTestServer
    ) async {
        // A second join of a topic closes the first, as Phoenix does.
        if let earlier = channels.removeValue(forKey: message.topic) {
            earlier.follower?.cancel()
            push(
                RealtimeMessage(
                    joinRef: earlier.joinRef, ref: earlier.joinRef, topic: message.topic, event: "phx_close"))
        }
        guard case .object(let config)? = message.payload["config"],
            case .array(let changes)? = config["postgres_changes"], case .object(let change)? = changes.first,
            case .string? = change["table"]
        else {
            reply(to: message, status: "error", response: ["reason": "a join without a postgres_changes table"])
            return
        }
        if case .string(let token)? = message.payload["access_token"] {
            do {
                _ = try JWTClaims(token: token).databaseRole(at: Date())
            } catch {
                // realtime_channel.ex: `{:error, :expired_token, msg}` → `InvalidJWTToken: <msg>`.
                reply(to: message, status: "error", response: ["reason": "InvalidJWTToken: Token has expired"])
                return
            }
        }
        var described = change
        described["id"] = .number(Decimal(subscription))
        reply(to: message, status: "ok", response: ["postgres_changes": [.object(described)]])
        if let failing {
            push(
                RealtimeMessage(
                    joinRef: message.joinRef, topic: message.topic, event: "system",
                    payload: [
                        "extension": "postgres_changes", "status": "error", "channel": .string(message.topic),
                        "message": .string(failing),
                    ]))
            // The server subscribes again by itself (`postgres_subscribe(5, 10)`): "Subscribed to PostgreSQL" follows.
        }
        await subscribe(message, subscription: subscription, on: server)
    }

    /// Subscribes a joined channel to its table's changes ("Subscribed to PostgreSQL"), or says why not.
    private func subscribe(_ message: RealtimeMessage, subscription: Int, on server: RealtimeTestServer) async {
        guard case .object(let config)? = message.payload["config"],
            case .array(let changes)? = config["postgres_changes"], case .object(let change)? = changes.first,
            case .string(let table)? = change["table"]
        else { return }
        let role: DatabaseRole
        if case .string(let token)? = message.payload["access_token"],
            let claims = try? JWTClaims(token: token), let proven = try? claims.databaseRole(at: Date())
        {
            role = proven
        } else {
            role = .anonymous
        }
        let schema = change["schema"]?.stringValue ?? "public"
        guard schema == "public", server.published.contains(table) else {
            push(
                RealtimeMessage(
                    joinRef: message.joinRef, topic: message.topic, event: "system",
                    payload: [
                        "extension": "postgres_changes", "status": "error", "channel": .string(message.topic),
                        "message": .string(
                            "Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [schema: \(schema), table: \(table)]"
                        ),
                    ]))
            channels[message.topic] = Channel(joinRef: message.joinRef, follower: nil)
            return
        }
        var filter: Filter?
        if case .string(let text)? = change["filter"] {
            switch RealtimeFilterParser.filter(text) {
            case .success(let parsed): filter = parsed
            case .failure(let error):
                // Malformed parameters: not retried (`realtime_channel.ex`, `:malformed_subscription_params`).
                push(
                    RealtimeMessage(
                        joinRef: message.joinRef, topic: message.topic, event: "system",
                        payload: [
                            "extension": "postgres_changes", "status": "error", "channel": .string(message.topic),
                            "message": .string(error.message),
                        ]))
                channels[message.topic] = Channel(joinRef: message.joinRef, follower: nil)
                return
            }
        }
        // The feed is open before "Subscribed to PostgreSQL" goes out: every later commit reaches the client. It is
        // followed whole, and the filter checked here as Realtime checks it: on the new record (the old one for a
        // delete), so a row that leaves the filter is not announced.
        let feed = server.database.client(as: role).changes(to: table, where: nil)
        let topic = message.topic
        let joinRef = message.joinRef
        let follower = Task { [weak server] in
            do {
                for try await change in feed {
                    guard let server, let data = Self.data(of: change, passing: filter) else { continue }
                    let admission = server.admitChange()
                    if admission.dropped { continue }
                    self.deliver(
                        RealtimeMessage(
                            joinRef: joinRef, topic: topic, event: "postgres_changes",
                            payload: [
                                "ids": [.number(Decimal(subscription))],
                                "data": admission.oversized ? Self.oversized(data) : data,
                            ]))
                }
            } catch {
                return
            }
        }
        channels[message.topic] = Channel(joinRef: message.joinRef, follower: follower)
        push(
            RealtimeMessage(
                joinRef: message.joinRef, topic: message.topic, event: "system",
                payload: [
                    "extension": "postgres_changes", "status": "ok", "message": "Subscribed to PostgreSQL",
                    "channel": .string(message.topic),
                ]))
    }

    private func deliver(_ message: RealtimeMessage) {
        guard channels[message.topic]?.joinRef == message.joinRef else { return }
        push(message)
    }

    /// A change as Realtime's `data` — an insert's or update's record, a delete's key only — or `nil` when the filter
    /// does not pass it.
    private static func data(of change: DatabaseChange, passing filter: Filter?) -> JSONValue? {
        guard case .row(let kind, let table, let key, let row) = change else { return nil }
        let checked: [String: JSONValue]
        if kind != .delete, case .object(let record)? = row { checked = record } else { checked = key }
        guard RealtimeFilterMatch.passes(filter, row: checked) else { return nil }
        var data: [String: JSONValue] = [
            "schema": "public", "table": .string(table), "columns": [], "errors": .null,
            "commit_timestamp": .string(WireDate.string(from: Date())),
        ]
        switch kind {
        case .insert:
            data["type"] = "INSERT"
            data["record"] = row ?? .object([:])
        case .update:
            data["type"] = "UPDATE"
            data["record"] = row ?? .object([:])
            data["old_record"] = .object(key)
        case .delete:
            data["type"] = "DELETE"
            data["old_record"] = .object(key)
        }
        return .object(data)
    }

    /// `data` as Realtime sends a change too large to send whole: `errors` says 413 and the record keeps only the values
    /// of 64 bytes or less (tenant migration `20220603232444_add_output_for_data_less_than_equal_64_bytes…`).
    private static func oversized(_ data: JSONValue) -> JSONValue {
        guard case .object(var members) = data else { return data }
        for name in ["record", "old_record"] {
            guard case .object(let record)? = members[name] else { continue }
            members[name] = .object(record.filter { JSONWriter.data($0.value).count <= 64 })
        }
        members["errors"] = ["Error 413: Payload Too Large"]
        return .object(members)
    }

    private func reply(to message: RealtimeMessage, status: String, response: [String: JSONValue]) {
        push(
            RealtimeMessage(
                joinRef: message.joinRef, ref: message.ref, topic: message.topic, event: "phx_reply",
                payload: ["status": .string(status), "response": .object(response)]))
    }

    private func push(_ message: RealtimeMessage) {
        let state = switches.value
        guard !state.dropped, !state.silent else { return }
        client.yield(message.text)
    }
}
