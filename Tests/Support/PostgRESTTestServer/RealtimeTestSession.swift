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
            let admission = server.admitJoin()
            if admission.refused {
                reply(to: message, status: "error", response: ["reason": "join refused by the test server"])
            } else if admission.held {
                heldJoins.append(message)
            } else {
                await join(message, subscription: admission.subscription, on: server)
            }
        case (_, "phx_leave"):
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
        for message in held { await join(message, subscription: server.admitJoin().subscription, on: server) }
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

    private func join(_ message: RealtimeMessage, subscription: Int, on server: RealtimeTestServer) async {
        // A second join of a topic closes the first, as Phoenix does.
        if let earlier = channels.removeValue(forKey: message.topic) {
            earlier.follower?.cancel()
            push(
                RealtimeMessage(
                    joinRef: earlier.joinRef, ref: earlier.joinRef, topic: message.topic, event: "phx_close"))
        }
        guard case .object(let config)? = message.payload["config"],
            case .array(let changes)? = config["postgres_changes"], case .object(let change)? = changes.first,
            case .string(let table)? = change["table"]
        else {
            reply(to: message, status: "error", response: ["reason": "a join without a postgres_changes table"])
            return
        }
        let role: DatabaseRole
        do {
            if case .string(let token)? = message.payload["access_token"] {
                role = try JWTClaims(token: token).databaseRole(at: Date())
            } else {
                role = .anonymous
            }
        } catch {
            reply(to: message, status: "error", response: ["reason": .string("Invalid token: \(error)")])
            return
        }
        var described = change
        described["id"] = .number(Decimal(subscription))
        reply(to: message, status: "ok", response: ["postgres_changes": [.object(described)]])
        guard server.published.contains(table) else {
            push(
                RealtimeMessage(
                    joinRef: message.joinRef, topic: message.topic, event: "system",
                    payload: [
                        "extension": "postgres_changes", "status": "error", "channel": .string(message.topic),
                        "message": .string(
                            "Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [schema: public, table: \(table)]"
                        ),
                    ]))
            channels[message.topic] = Channel(joinRef: message.joinRef, follower: nil)
            return
        }
        let filter: Filter?
        if case .string(let text)? = change["filter"] {
            guard let parsed = RealtimeFilterParser.filter(text) else {
                push(
                    RealtimeMessage(
                        joinRef: message.joinRef, topic: message.topic, event: "system",
                        payload: [
                            "extension": "postgres_changes", "status": "error", "channel": .string(message.topic),
                            "message": .string("Error parsing `filter` params: \(text)"),
                        ]))
                return
            }
            filter = parsed
        } else {
            filter = nil
        }
        // The feed is open before "Subscribed to PostgreSQL" goes out: every later commit reaches the client.
        let feed = server.database.client(as: role).changes(to: table, where: filter)
        let topic = message.topic
        let joinRef = message.joinRef
        let follower = Task {
            do {
                for try await change in feed {
                    guard let data = Self.data(of: change) else { continue }
                    self.deliver(
                        RealtimeMessage(
                            joinRef: joinRef, topic: topic, event: "postgres_changes",
                            payload: ["ids": [.number(Decimal(subscription))], "data": data]))
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

    /// A change as Realtime's `data`: an insert's or update's record, a delete's key only.
    private static func data(of change: DatabaseChange) -> JSONValue? {
        guard case .row(let kind, let table, let key, let row) = change else { return nil }
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
