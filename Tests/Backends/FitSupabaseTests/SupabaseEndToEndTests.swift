import Events
import FitCore
import FitSupabase
import FitTesting
import Foundation
import PostgRESTTestServer
import Testing

/// FitSupabase through the real `URLSession` transport to a local PostgREST-speaking server: headers, HEAD,
/// encoding and cancellation survive a real socket.
@Suite(.serialized) struct SupabaseEndToEndTests {
    @Test func aCountedReadArrivesWithItsHeadersAndReadsTheCount() async throws {
        try await ServerHarness.with { harness in
            let response = try await harness.anonymous.from("class_sessions").select("id", count: .exact)
                .order("starts_at").limit(2).execute(as: [IDRow].self)
            #expect(response.value.count == 2)
            #expect(response.count == (try await harness.classCount()))
            let request = try #require(harness.server.requests.last)
            #expect(request.method == "GET")
            #expect(request.target == "/rest/v1/class_sessions?select=id&order=starts_at.asc.nullslast&limit=2")
            #expect(request.headers["apikey"] == TestTokens.anonKey)
            #expect(request.headers["authorization"] == "Bearer \(TestTokens.anonKey)")
            #expect(request.headers["prefer"] == "count=exact")
            #expect(request.headers["accept"] == "application/json")
        }
    }

    @Test func headSendsHEADAndReturnsOnlyTheCount() async throws {
        try await ServerHarness.with { harness in
            let response = try await harness.anonymous.from("class_sessions").select("id", head: true, count: .exact)
                .execute()
            #expect(response.count == (try await harness.classCount()))
            #expect(response.data.isEmpty)
            #expect(harness.server.requests.last?.method == "HEAD")
        }
    }

    @Test func reservedCharactersAndPercentEncodingSurviveTheSocket() async throws {
        try await ServerHarness.with { harness in
            let alice = harness.client(as: harness.fixture.alice)
            let titles = ["a,b", "(x)", "say \"hi\"", #"back\slash"#, "a+b & c=d #1 100% café", "v1.2"]
            for title in titles {
                _ = try await EventsQueries(client: alice).createEvent(
                    Event(title: title, date: harness.fixture.clock.date, textColor: .black))
            }
            let listed: [Event] = try await alice.from("events").select("id, title, date, text_color, image_data")
                .in("title", values: titles).order("title").execute().value
            #expect(listed.map(\.title) == titles.sorted())
            for title in titles {
                let found: [Event] = try await alice.from("events").select("id, title, date, text_color, image_data")
                    .eq("title", value: title).execute().value
                #expect(found.map(\.title) == [title])
            }
            let either: [Event] = try await alice.from("events").select("id, title, date, text_color, image_data")
                .or("title.eq.\"a,b\",title.eq.\"(x)\"").order("title").execute().value
            #expect(either.map(\.title) == ["(x)", "a,b"])
        }
    }

    @Test func singleAndMaybeSingleOverTheSocket() async throws {
        try await ServerHarness.with { harness in
            let anonymous = harness.anonymous
            await #expect(throws: DatabaseError.singleRow(found: 0)) {
                _ = try await anonymous.from("studios").select().eq("id", value: UUID()).single()
                    .execute(as: IDRow.self)
            }
            do {
                _ = try await anonymous.from("studios").select().eq("id", value: UUID()).single().execute(
                    as: IDRow.self)
            } catch let error as DatabaseError {
                #expect(error.httpStatus == 406)
            }
            let none: IDRow? = try await anonymous.from("studios").select().eq("id", value: UUID()).maybeSingle()
                .execute().value
            #expect(none == nil)
            let studio: IDRow? = try await anonymous.from("studios").select().eq(
                "id", value: harness.fixture.londonStudio
            )
            .maybeSingle().execute().value
            #expect(studio?.id == harness.fixture.londonStudio)
        }
    }

    @Test func anExpiredTokenIsRefusedAsSuch() async throws {
        try await ServerHarness.with { harness in
            let expired = SupabaseDatabase(
                url: harness.server.baseURL, anonKey: TestTokens.anonKey,
                accessToken: TestTokens.member(harness.fixture.alice.id, expiresAt: Date(timeIntervalSince1970: 0)))
            do {
                try await expired.from("events").select().execute()
                Issue.record("an expired token was accepted")
            } catch SupabaseError.notAuthenticated(let error) {
                #expect(error.httpStatus == 401)
            }
        }
    }

    /// Requests cancelled at every point of their way, from before they are sent to after their answer, each end
    /// in their answer or in `CancellationError`. On Linux, cancelling a `URLSessionTask` as its answer (here a 401
    /// with `WWW-Authenticate`, as for an expired token) arrives can stop the process in FoundationNetworking; the
    /// previous transport, which cancelled it there too, stopped the process in two runs of this test in ten.
    @Test func requestsCancelledOnTheirWayToA401LeaveTheProcessRunning() async throws {
        try await ServerHarness.with { harness in
            let expired = SupabaseDatabase(
                url: harness.server.baseURL, anonKey: TestTokens.anonKey,
                accessToken: TestTokens.member(harness.fixture.alice.id, expiresAt: Date(timeIntervalSince1970: 0)))
            for round in 0..<200 {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for request in 0..<8 {
                        let call = Task {
                            do {
                                try await expired.from("events").select().execute()
                                Issue.record("an expired token was accepted")
                            } catch SupabaseError.notAuthenticated(let error) {
                                #expect(error.httpStatus == 401)
                            }
                        }
                        // Cancelled at a different point of its way for each request: before it is sent, while its
                        // session prepares it, in flight, or after its answer.
                        for _ in 0..<((round + request) % 16) { await Task.yield() }
                        call.cancel()
                        group.addTask {
                            do { try await call.value } catch is CancellationError {}
                        }
                    }
                    try await group.waitForAll()
                }
                // Paces the rounds by the server: the cancelled requests that were sent get their answers meanwhile.
                await #expect(throws: SupabaseError.self) { try await expired.from("events").select().execute() }
            }
        }
    }

    @Test func aProxysHTMLPageIsAConnectionError() async throws {
        try await ServerHarness.with { harness in
            harness.server.respondNext(
                status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>Wi-Fi login</html>".utf8))
            await #expect(throws: ConnectionError.self) {
                try await harness.anonymous.from("studios").select().execute()
            }
        }
    }

    @Test func aServerThatIsGoneIsUnreachable() async throws {
        let harness = try await ServerHarness.start()
        try await harness.server.stop()
        do {
            try await harness.anonymous.from("studios").select().execute()
            Issue.record("a stopped server answered")
        } catch let error as ConnectionError {
            #expect(error.kind == .unreachable)
        }
    }

    @Test func cancellingTheTaskEndsTheCallAndTheStoreShowsNoError() async throws {
        try await ServerHarness.with { harness in
            let store = EventsStore(queries: EventsQueries(client: harness.client(as: harness.fixture.alice)))
            await store.load()
            #expect(store.events.isEmpty && store.error == nil)
            harness.server.holdNextRequest()
            let refresh = Task { await store.refresh() }
            await harness.server.waitForHeldRequest()
            #expect(store.isRefetching)
            refresh.cancel()
            await refresh.value
            #expect(store.error == nil)
            #expect(!store.isRefetching)
            #if canImport(FoundationNetworking)
                // On Linux the request runs on to its answer, which is dropped (see URLSessionPostgRESTTransport).
                #expect(!harness.server.heldConnectionClosed)
                harness.server.releaseHeldRequest()
            #else
                await harness.server.waitForHeldConnectionClose()
                #expect(harness.server.heldConnectionClosed, "cancelling the task closed the request's connection")
            #endif
        }
    }
}

/// A row with only an id.
struct IDRow: Decodable, Sendable, Equatable {
    var id: UUID
}
