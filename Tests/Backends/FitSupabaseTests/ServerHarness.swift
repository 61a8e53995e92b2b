import FitCore
import FitInMemory
import FitSupabase
import FitTesting
import Foundation
import Members
import PostgRESTTestServer

/// A seeded fixture behind the PostgREST-speaking test server on 127.0.0.1, and FitSupabase clients for its
/// members over the real `URLSession` transport.
struct ServerHarness: Sendable {
    let fixture: FitFixture
    let server: PostgRESTTestServer

    static func start() async throws -> ServerHarness {
        let fixture = try await FitFixture.make()
        let server = try await PostgRESTTestServer.start(
            clients: { fixture.database.client(as: $0) }, anonKey: TestTokens.anonKey)
        return ServerHarness(fixture: fixture, server: server)
    }

    /// A client signed in as `member`.
    func client(as member: Member) -> SupabaseDatabase {
        SupabaseDatabase(
            url: server.baseURL, anonKey: TestTokens.anonKey, accessToken: TestTokens.member(member.id),
            transport: PostgRESTTestServer.clientTransport)
    }

    /// A signed-out client.
    var anonymous: SupabaseDatabase {
        SupabaseDatabase(
            url: server.baseURL, anonKey: TestTokens.anonKey, accessToken: nil,
            transport: PostgRESTTestServer.clientTransport)
    }

    /// How many classes the seed holds, read directly from the database.
    func classCount() async throws -> Int {
        let rows: [JSONValue] = try await fixture.service.from("class_sessions").select("id").execute().value
        return rows.count
    }

    /// Runs `body` and stops the server afterwards, whatever happens.
    static func with<Result: Sendable>(_ body: (ServerHarness) async throws -> Result) async throws -> Result {
        let harness = try await start()
        do {
            let result = try await body(harness)
            try await harness.server.stop()
            return result
        } catch {
            try? await harness.server.stop()
            throw error
        }
    }
}
