import FitContract
import FitCore
import FitInMemory
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// A local HTTP server on 127.0.0.1 that speaks Supabase's PostgREST API (under `/rest/v1`) over an
/// ``/FitInMemory/InMemoryDatabase``, for end-to-end tests of an HTTP client such as FitSupabase.
///
/// Each request is authenticated as Supabase does (the `apikey`, then the bearer token's `role` and `sub`
/// claims, signatures not checked), decoded from PostgREST's URL grammar, headers and body into a
/// `DatabaseQuery`, run on the database as that role, and answered with PostgREST's status codes, headers and
/// bodies. Tests can also read every request that arrived, queue canned answers, and hold a request in flight.
///
/// ```swift
/// let server = try await PostgRESTTestServer.start(clients: { fixture.database.client(as: $0) }, anonKey: "anon-key")
/// let url = server.baseURL.appending(path: "rest/v1/class_sessions")
/// // … requests with `apikey: anon-key` and `Authorization: Bearer <token>` …
/// try await server.stop()
/// ```
public final class PostgRESTTestServer: Sendable {
    private typealias Job = @Sendable () async -> Void

    private let state: ServerState
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    private let jobs: AsyncStream<Job>.Continuation
    private let runner: Task<Void, Never>

    /// `http://127.0.0.1:<port>`: the Supabase project URL; PostgREST is under `/rest/v1`.
    public let baseURL: URL
    /// The project's Realtime, on the same port (`/realtime/v1/websocket`, as a Supabase project serves it), when the
    /// server runs on a database; its fault switches act on the sockets.
    public let realtime: RealtimeTestServer?

    private init(
        state: ServerState, group: MultiThreadedEventLoopGroup, channel: any Channel,
        jobs: AsyncStream<Job>.Continuation, runner: Task<Void, Never>, baseURL: URL, realtime: RealtimeTestServer?
    ) {
        self.realtime = realtime
        self.state = state
        self.group = group
        self.channel = channel
        self.jobs = jobs
        self.runner = runner
        self.baseURL = baseURL
    }

    /// Starts listening on 127.0.0.1 on a free port (bind port 0).
    /// - Parameters:
    ///   - database: the data; requests run on `database.client(as:)` with the role their token gives.
    ///   - anonKey: the project's anon key: as `apikey` or bearer it is the anonymous role.
    ///   - now: the time a token's `exp` claim is compared with; pin it in tests (e.g. the fixture clock's date).
    ///   - published: the tables in Realtime's publication; `nil` for every exposed table of FitKit's contract.
    /// - Returns: The running server, with Realtime on its port; stop it with ``stop()``.
    /// - Throws: SwiftNIO's error when no port can be bound.
    public static func start(
        database: InMemoryDatabase, anonKey: String, now: @escaping @Sendable () -> Date = { Date() },
        published: Set<String>? = nil
    ) async throws -> PostgRESTTestServer {
        let tables = published ?? Set(FitKitContract.features.flatMap(\.schema.exposedTables).map(\.name))
        return try await start(
            clients: { database.client(as: $0) }, anonKey: anonKey, now: now,
            realtime: RealtimeTestServer(database: database, published: tables))
    }

    /// Starts listening on 127.0.0.1 on a free port, running each request on the client `clients` gives for its
    /// role (a test's rigged clients, so requests over HTTP are logged and can be failed like any other).
    /// - Parameters:
    ///   - clients: the client for a role; requests run on it.
    ///   - anonKey: the project's anon key: as `apikey` or bearer it is the anonymous role.
    ///   - now: the time a token's `exp` claim is compared with.
    ///   - realtime: the Realtime server to answer WebSocket upgrades at `/realtime/v1/websocket` on the same port,
    ///     as a Supabase project does; none by default.
    /// - Returns: The running server; stop it with ``stop()``.
    /// - Throws: SwiftNIO's error when no port can be bound.
    public static func start(
        clients: @escaping @Sendable (DatabaseRole) -> any DatabaseClient, anonKey: String,
        now: @escaping @Sendable () -> Date = { Date() }, realtime: RealtimeTestServer? = nil
    ) async throws -> PostgRESTTestServer {
        let state = ServerState()
        let responder = RequestResponder(
            client: clients, authenticator: Authenticator(anonKey: anonKey, now: now), state: state)
        let (stream, jobs) = AsyncStream.makeStream(of: Job.self)
        // Requests run as child tasks of one task, so `stop()` can cancel and await every one of them.
        let runner = Task {
            await withDiscardingTaskGroup { group in
                for await job in stream { group.addTask { await job() } }
            }
        }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        do {
            let channel = try await ServerBootstrap(group: group)
                .serverChannelOption(.backlog, value: 64)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let handler = HTTPHandler(responder: responder) { jobs.yield($0) }
                        // A socket upgraded to Realtime leaves the REST handler behind.
                        let upgrade = realtime.map { realtime in
                            (
                                upgraders: [RealtimeWebSocketServer.upgrader(serving: realtime)]
                                    as [any HTTPServerProtocolUpgrader],
                                completionHandler: { @Sendable (context: ChannelHandlerContext) in
                                    context.pipeline.removeHandler(name: "rest", promise: nil)
                                }
                            )
                        }
                        try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                            position: .last, withPipeliningAssistance: true, withServerUpgrade: upgrade,
                            withErrorHandling: true)
                        try channel.pipeline.syncOperations.addHandler(handler, name: "rest")
                        if let realtime {
                            let upgrader = try channel.pipeline.syncOperations.handler(
                                type: HTTPServerUpgradeHandler.self)
                            try channel.pipeline.syncOperations.addHandler(
                                RefusedUpgradeHandler(server: realtime), position: .before(upgrader))
                        }
                    }
                }
                .bind(host: "127.0.0.1", port: 0).get()
            guard let port = channel.localAddress?.port, let baseURL = URL(string: "http://127.0.0.1:\(port)") else {
                throw ChannelError.unknownLocalAddress
            }
            return PostgRESTTestServer(
                state: state, group: group, channel: channel, jobs: jobs, runner: runner, baseURL: baseURL,
                realtime: realtime)
        } catch {
            jobs.finish()
            await runner.value
            try? await group.shutdownGracefully()
            throw error
        }
    }

    /// Every request that arrived, in order: method, the path-and-query exactly as received (still
    /// percent-encoded), headers (names lowercased), body bytes. Held and canned-answered requests included.
    public var requests: [RecordedRequest] { state.requests }

    /// The next `count` requests get this canned answer instead of the database's (status, headers, body): for
    /// tests of garbage bodies, HTML proxy pages, 5xx, 401 etc. Their `apikey` and token are not checked; a held
    /// request gets its canned answer once released.
    ///
    /// - Parameters:
    ///   - status: The HTTP status.
    ///   - headers: The response's headers.
    ///   - body: The response's body bytes.
    ///   - count: How many of the next requests get this answer.
    public func respondNext(status: Int, headers: [String: String] = [:], body: Data, count: Int = 1) {
        state.enqueue(HTTPAnswer(status: status, headers: headers, body: body), count: count)
    }

    /// Holds the next request until ``releaseHeldRequest()`` is called or the client goes away, so a test can
    /// cancel a request in flight. A held request is logged in ``requests`` at once; it reaches the database only
    /// when released, and never if its connection closed first.
    public func holdNextRequest() { state.holdNextRequest() }

    /// Resumes once the request after ``holdNextRequest()`` is being held (no polling), or the server stopped.
    public func waitForHeldRequest() async { await state.waitForHeldRequest() }

    /// Lets the held request run and be answered (or, before one arrives, cancels ``holdNextRequest()``).
    public func releaseHeldRequest() { state.releaseHeldRequest() }

    /// Whether the held request's connection was closed by the client (after a cancellation) while it was held.
    public var heldConnectionClosed: Bool { state.heldConnectionClosed }

    /// Resumes once the held request's connection has been closed by the client (no polling), or the server
    /// stopped.
    public func waitForHeldConnectionClose() async { await state.waitForHeldConnectionClose() }

    /// Stops listening, drops a held request, cancels and awaits the requests in flight, closes every connection
    /// and shuts the event loop down. Calling it again does nothing.
    ///
    /// - Throws: SwiftNIO's error when its event loop cannot shut down.
    public func stop() async throws {
        guard state.stop() else { return }
        try? await channel.close()
        await realtime?.closeSockets()
        jobs.finish()
        runner.cancel()
        await runner.value
        try await group.shutdownGracefully()
    }
}
