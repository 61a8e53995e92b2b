import FitCore
import FitTesting
import Foundation
import PostgRESTTestServer
import Testing

/// Real HTTP over a socket, with `URLSession`, against the seeded fixture database.
@Suite struct EndToEndTests {
    @Test func aCountedReadAnswers206WithTheRangeAndTheTotal() async throws {
        let served = try await ServedFixture.start()
        let path = "class_sessions?select=id,name&order=starts_at.asc&limit=2"
        let reply = try await served.send(
            "GET", path, token: served.token(for: FitFixture.alice), headers: ["Prefer": "count=exact"])
        let ran = try #require(served.fixture.database.requests.last)
        let total = try #require(
            try await served.fixture.service.run(
                DatabaseQuery(target: "class_sessions", operation: .select, count: .exact)
            ).count)

        #expect(reply.status == 206)
        #expect(reply.headers["content-range"] == "0-1/\(total)")
        #expect(reply.headers["content-type"] == "application/json; charset=utf-8")
        let firstTwo: [JSONValue] = try await served.fixture.service.from("class_sessions").select("name")
            .order("starts_at").limit(2).execute().value
        #expect(
            reply.json?.arrayValue?.compactMap { $0["name"]?.stringValue }
                == firstTwo.compactMap { $0["name"]?.stringValue })
        #expect(firstTwo.count == 2)
        #expect(
            ran.query
                == DatabaseQuery(
                    target: "class_sessions", operation: .select, columns: ["id", "name"],
                    order: [OrderTerm(column: "starts_at")], limit: 2, count: .exact))
        #expect(ran.role == .member(FitFixture.alice.id))
        #expect(served.server.requests.map(\.target) == ["/rest/v1/" + path])
        #expect(served.server.requests.first?.headers["prefer"] == "count=exact")
        try await served.stop()
    }

    @Test func aCountedHeadAnswersTheRangeWithoutABody() async throws {
        let served = try await ServedFixture.start()
        let reply = try await served.send("HEAD", "class_sessions?limit=1", headers: ["Prefer": "count=exact"])
        let total = try #require(
            try await served.fixture.service.run(
                DatabaseQuery(target: "class_sessions", operation: .select, count: .exact)
            ).count)

        #expect(reply.status == 206)
        #expect(reply.headers["content-range"] == "0-0/\(total)")
        #expect(reply.body.isEmpty)
        try await served.stop()
    }

    @Test func singleWithNoRowIs406PGRST116() async throws {
        let served = try await ServedFixture.start()
        let reply = try await served.send(
            "GET", "events?id=eq.\(UUID())", token: served.token(for: FitFixture.alice),
            headers: ["Accept": "application/vnd.pgrst.object+json"])

        #expect(reply.status == 406)
        #expect(reply.json?["code"] == "PGRST116")
        #expect(reply.json?["details"] == "The result contains 0 rows")
        try await served.stop()
    }

    @Test func writesAnswer201Then204Then200AsPostgRESTDoes() async throws {
        let served = try await ServedFixture.start()
        let alice = served.token(for: FitFixture.alice)
        let inserted = try await served.send(
            "POST", "events?select=id,title,member_id", token: alice,
            headers: ["Prefer": "return=representation", "Content-Type": "application/json"],
            body: ##"{"title":"Race day","date":"2026-07-01T09:00:00Z","text_color":"#FF8800FF"}"##)

        #expect(inserted.status == 201)
        #expect(inserted.headers["content-range"] == "*/*")
        let row = try #require(inserted.json?.arrayValue?.first)
        #expect(row["title"] == "Race day")
        #expect(row["member_id"]?.stringValue.flatMap(UUID.init(uuidString:)) == FitFixture.alice.id)
        let id = try #require(row["id"]?.stringValue)

        let updated = try await served.send(
            "PATCH", "events?id=eq.\(id)", token: alice, headers: ["Prefer": "count=exact"],
            body: #"{"title":"Race day!"}"#)
        #expect(updated.status == 204)
        #expect(updated.headers["content-range"] == "0-0/1")
        #expect(updated.body.isEmpty)

        let deleted = try await served.send(
            "DELETE", "events?id=eq.\(id)&select=title", token: alice,
            headers: ["Prefer": "return=representation", "Accept": "application/vnd.pgrst.object+json"])
        #expect(deleted.status == 200)
        #expect(deleted.headers["content-type"] == "application/vnd.pgrst.object+json; charset=utf-8")
        #expect(deleted.json == ["title": "Race day!"])
        try await served.stop()
    }

    @Test func rowLevelSecurityRefusesAnonymousWith401AndMembersWith403() async throws {
        let served = try await ServedFixture.start()
        let event =
            ##"{"title":"Mine","date":"2026-07-01T09:00:00Z","text_color":"#FF8800FF","member_id":"\##(FitFixture.bob.id)"}"##
        let anonymous = try await served.send("POST", "events", body: event)
        let alice = try await served.send("POST", "events", token: served.token(for: FitFixture.alice), body: event)

        #expect(anonymous.status == 401)
        #expect(anonymous.json?["code"] == "42501")
        #expect(alice.status == 403)
        #expect(alice.json?["code"] == "42501")
        try await served.stop()
    }

    @Test func aDuplicateKeyIs409() async throws {
        let served = try await ServedFixture.start()
        let reply = try await served.send(
            "POST", "members", token: TestRequests.token(["role": "service_role"]),
            body: #"{"id":"\#(FitFixture.alice.id)","display_name":"Alice","email":"a@example.com"}"#)

        #expect(reply.status == 409)
        #expect(reply.json?["code"] == "23505")
        try await served.stop()
    }

    @Test func bookingWithoutCreditsIs400WithTheFunctionsError() async throws {
        let served = try await ServedFixture.start()
        let reply = try await served.send(
            "POST", "rpc/book_session", token: served.token(for: FitFixture.carol),
            body: #"{"session_id":"\#(served.fixture.upcomingClass)"}"#)

        #expect(reply.status == 400)
        #expect(reply.json == ["code": "FB003", "message": "Insufficient credits", "details": nil, "hint": nil])
        #expect(reply.headers["proxy-status"] == "PostgREST; error=FB003")
        try await served.stop()
    }

    @Test func bookingWithCreditsReturnsTheBooking() async throws {
        let served = try await ServedFixture.start()
        let reply = try await served.send(
            "POST", "rpc/book_session", token: served.token(for: FitFixture.alice),
            body: #"{"session_id":"\#(served.fixture.upcomingClass)"}"#)

        #expect(reply.status == 200)
        #expect(reply.json?["status"] == "active")
        #expect(
            reply.json?["class_session_id"]?.stringValue.flatMap(UUID.init(uuidString:)) == served.fixture.upcomingClass
        )
        try await served.stop()
    }

    @Test func anExpiredTokenIs401AndNeverReachesTheDatabase() async throws {
        let served = try await ServedFixture.start()
        let expired = TestRequests.token([
            "role": "authenticated", "sub": .string(FitFixture.alice.id.uuidString),
            "exp": .number(Decimal(served.fixture.clock.date.timeIntervalSince1970 - 60)),
        ])
        let reply = try await served.send("GET", "events", token: expired)

        #expect(reply.status == 401)
        #expect(reply.json?["code"] == "PGRST303")
        #expect(reply.json?["message"] == "JWT expired")
        #expect(served.fixture.database.requests.isEmpty)
        try await served.stop()
    }

    @Test func aMissingAPIKeyIs401FromTheGateway() async throws {
        let served = try await ServedFixture.start()
        let reply = try await served.send("GET", "class_sessions", apiKey: nil)

        #expect(reply.status == 401)
        #expect(reply.json?["message"] == "No API key found in request")
        #expect(served.fixture.database.requests.isEmpty)
        try await served.stop()
    }

    @Test func anUnknownProfileIs406PGRST106() async throws {
        let served = try await ServedFixture.start()
        let reply = try await served.send("GET", "class_sessions", headers: ["Accept-Profile": "auth"])

        #expect(reply.status == 406)
        #expect(reply.json?["code"] == "PGRST106")
        #expect(reply.json?["hint"] == "Only the following schemas are exposed: public")
        try await served.stop()
    }

    @Test func cannedAnswersReplaceTheDatabasesForTheNextRequests() async throws {
        let served = try await ServedFixture.start()
        let page = Data("<html><body>502 Bad Gateway</body></html>".utf8)
        served.server.respondNext(status: 502, headers: ["Content-Type": "text/html"], body: page, count: 2)
        let first = try await served.send("GET", "class_sessions")
        let second = try await served.send("GET", "class_sessions", apiKey: nil)
        let third = try await served.send("GET", "class_sessions")

        #expect(first.status == 502)
        #expect(first.body == page)
        #expect(first.headers["content-type"] == "text/html")
        #expect(second.status == 502)
        #expect(third.status == 200)
        #expect(served.fixture.database.requests.count == 1)
        #expect(served.server.requests.count == 3)
        try await served.stop()
    }

    @Test func aHeldRequestRunsWhenReleased() async throws {
        let served = try await ServedFixture.start()
        served.server.holdNextRequest()
        let sending = Task { try await served.send("GET", "class_sessions?limit=1") }
        await served.server.waitForHeldRequest()

        #expect(served.server.requests.count == 1)
        #expect(served.fixture.database.requests.isEmpty)
        served.server.releaseHeldRequest()
        let reply = try await sending.value
        #expect(reply.status == 200)
        #expect(served.fixture.database.requests.count == 1)
        #expect(!served.server.heldConnectionClosed)
        try await served.stop()
    }

    @Test func aCancelledHeldRequestClosesItsConnectionAndNeverRuns() async throws {
        let served = try await ServedFixture.start()
        served.server.holdNextRequest()
        let sending = Task { try await served.send("DELETE", "events", token: served.token(for: FitFixture.alice)) }
        await served.server.waitForHeldRequest()
        sending.cancel()
        await served.server.waitForHeldConnectionClose()

        #expect(served.server.heldConnectionClosed)
        await #expect(throws: (any Error).self) { try await sending.value }
        #expect(served.server.requests.map(\.method) == ["DELETE"])
        #expect(served.fixture.database.requests.isEmpty)
        try await served.stop()
    }
}
