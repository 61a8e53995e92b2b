import FitInMemory
import FitSupabase
import Foundation
import Testing

@testable import PostgRESTTestServer

/// A Realtime session may outlive its server: a WebSocket's frames still being handed over, or a client's late send,
/// after the test has let the server go. The session then answers as a lost connection; it must not reach the server.
@Suite struct RealtimeSessionLifetimeTests {
    @Test func aSessionWhoseServerIsGoneAnswersAsALostConnection() async throws {
        var server: RealtimeTestServer? = RealtimeTestServer(
            database: try InMemoryDatabase.embedded(), published: ["events"])
        let connection = try #require(server).open()
        let heartbeat = RealtimeMessage(ref: "1", topic: "phoenix", event: "heartbeat").text
        try await connection.send(heartbeat)
        weak let released = server
        server = nil
        #expect(released == nil)
        let error = await #expect(throws: URLError.self) { try await connection.send(heartbeat) }
        #expect(error?.code == .networkConnectionLost)
        let join = RealtimeMessage(
            joinRef: "2", ref: "2", topic: "realtime:events", event: "phx_join",
            payload: ["config": ["postgres_changes": [["event": "*", "schema": "public", "table": "events"]]]]
        ).text
        await #expect(throws: URLError.self) { try await connection.send(join) }
    }
}
