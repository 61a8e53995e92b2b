import FitCore
import FitSupabase
import FitTesting
import Foundation
import Members
import PostgRESTTestServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The seeded fixture database behind a running ``PostgRESTTestServer``, and a `URLSession` to call it.
struct ServedFixture {
    let fixture: FitFixture
    let server: PostgRESTTestServer
    let session: URLSession

    /// What came back: status, header fields (names lowercased) and body.
    struct Reply {
        let status: Int
        let headers: [String: String]
        let body: Data

        var json: JSONValue? { try? JSONDecoder().decode(JSONValue.self, from: body) }
    }

    static func start() async throws -> ServedFixture {
        let fixture = try await FitFixture.make()
        let clock = fixture.clock
        let server = try await PostgRESTTestServer.start(
            clients: { fixture.database.client(as: $0) }, anonKey: TestRequests.anonKey, now: { clock.date })
        // A hang guard sized for a loaded machine (ThreadSanitizer beside other builds), like the suites' time limits.
        let configuration = URLSessionPostgRESTTransport.sessionConfiguration(requestTimeout: 600)
        return ServedFixture(fixture: fixture, server: server, session: URLSession(configuration: configuration))
    }

    /// A token for `member`, valid for an hour of the fixture's clock.
    func token(for member: Member) -> String { TestRequests.memberToken(member.id, now: fixture.clock.date) }

    /// Sends `method` to `/rest/v1/<path>` with the anon key as `apikey` (unless `apiKey` says otherwise) and the
    /// bearer `token`, if any.
    func send(
        _ method: String, _ path: String, token: String? = nil, apiKey: String? = TestRequests.anonKey,
        headers: [String: String] = [:], body: String? = nil
    ) async throws -> Reply {
        var request = URLRequest(url: URL(string: server.baseURL.absoluteString + "/rest/v1/" + path)!)
        request.httpMethod = method
        request.setValue(apiKey, forHTTPHeaderField: "apikey")
        request.setValue(token.map { "Bearer \($0)" }, forHTTPHeaderField: "Authorization")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0.utf8) }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var replyHeaders: [String: String] = [:]
        for case (let name as String, let value as String) in http.allHeaderFields {
            replyHeaders[name.lowercased()] = value
        }
        return Reply(status: http.statusCode, headers: replyHeaders, body: data)
    }

    func stop() async throws {
        session.finishTasksAndInvalidate()
        try await server.stop()
    }
}
