import FitCore
import Foundation
import Testing

@testable import PostgRESTTestServer

private let now = Date(timeIntervalSince1970: 1_780_000_000)
private let member = UUID(uuidString: "A11CE000-0000-4000-8000-000000000001")!
private let authenticator = Authenticator(anonKey: TestRequests.anonKey, now: { now })

private func request(apiKey: String? = TestRequests.anonKey, bearer: String? = nil, query: String = "")
    -> RecordedRequest
{
    var headers: [String: String] = [:]
    headers["apikey"] = apiKey
    headers["Authorization"] = bearer.map { "Bearer \($0)" }
    return TestRequests.make("GET", "events" + query, headers)
}

private func token(_ claims: [String: JSONValue], signature: String = "") -> String {
    TestRequests.token(claims, signature: signature)
}

@Suite struct AuthenticatorTests {
    @Test(arguments: [
        ("the anon key alone", request(), DatabaseRole.anonymous),
        ("the anon key as bearer", request(bearer: TestRequests.anonKey), .anonymous),
        ("the apikey query parameter", request(apiKey: nil, query: "?apikey=anon-key"), .anonymous),
        ("an anon token", request(bearer: token(["role": "anon"])), .anonymous),
        ("a token without a role", request(bearer: token(["sub": "x"])), .anonymous),
        ("a member's token", request(bearer: TestRequests.memberToken(member, now: now)), .member(member)),
        (
            "a signed member's token",
            request(bearer: token(["role": "authenticated", "sub": .string("\(member)")], signature: "c2ln")),
            .member(member)
        ),
        ("a service token", request(bearer: token(["role": "service_role"])), .service),
        ("a service token as apikey", request(apiKey: token(["role": "service_role"])), .service),
    ])
    func actsAsTheRoleTheTokenGives(_ name: String, request: RecordedRequest, role: DatabaseRole) throws {
        #expect(try authenticator.role(for: request) == role)
    }

    @Test(arguments: [
        ("no apikey", request(apiKey: nil), nil, "No API key found in request"),
        ("a wrong apikey", request(apiKey: "nope"), nil, "Invalid API key"),
        ("one part", request(bearer: "abc"), "PGRST301", "Expected 3 parts in JWT; got 1"),
        ("an empty token", request(bearer: ""), "PGRST301", "Empty JWT is sent in Authorization header"),
        ("a garbage payload", request(bearer: "a.b!.c"), "PGRST301", "JWT couldn't be decoded"),
        (
            "an expired token",
            request(bearer: token(["role": "authenticated", "sub": .string("\(member)"), "exp": 1_779_999_999])),
            "PGRST303", "JWT expired"
        ),
        (
            "a token expiring now",
            request(bearer: token(["role": "service_role", "exp": .number(Decimal(now.timeIntervalSince1970))])),
            "PGRST303", "JWT expired"
        ),
        ("a text exp", request(bearer: token(["exp": "soon"])), "PGRST303", "The JWT 'exp' claim must be a number"),
        (
            "a member without a UUID", request(bearer: token(["role": "authenticated", "sub": "alice"])), "PGRST301",
            "The JWT 'sub' claim must be a member's UUID for the authenticated role"
        ),
        ("an unknown role", request(bearer: token(["role": "admin"])), "22023", "role \"admin\" does not exist"),
    ])
    func refusesWith401(_ name: String, request: RecordedRequest, code: String?, message: String) throws {
        let answer = try #require(throws: HTTPAnswer.self) { try authenticator.role(for: request) }
        #expect(answer.status == 401)
        let body = try JSONDecoder().decode(JSONValue.self, from: answer.body)
        #expect(body["message"] == .string(message))
        #expect(body["code"] == code.map(JSONValue.string))
        #expect(answer.headers["Content-Type"] == "application/json; charset=utf-8")
    }

    @Test func anExpiredTokenNamesTheReasonInWWWAuthenticate() throws {
        let expired = request(bearer: token(["role": "anon", "exp": 1]))
        let answer = try #require(throws: HTTPAnswer.self) { try authenticator.role(for: expired) }
        #expect(
            answer.headers["WWW-Authenticate"] == "Bearer error=\"invalid_token\", error_description=\"JWT expired\"")
        #expect(answer.headers["Proxy-Status"] == "PostgREST; error=PGRST303")
    }
}
