import FitCore
import FitInMemory
import FitTesting
import Foundation
import Testing

/// FitTesting's request rig over the embedded database's clients: the request log, round-trip depth, fault
/// injection, latency on the injected clock and cancellation.
@Suite struct RequestRigTests {
    struct Row: Codable, Sendable, Equatable { var id: Int }

    private func makeDatabase(clock: TestClock = TestClock()) throws -> TestDatabase {
        let engine = try InMemoryDatabase()
        try engine.createTable(TableSchema(name: "t", columns: [Column("id", .integer)], access: .publicRead))
        return TestDatabase(engine, clock: clock)
    }

    private func ids(_ database: TestDatabase) async throws -> [Int] {
        let rows: [Row] = try await database.client(as: .service).from("t").select().order("id").execute().value
        return rows.map(\.id)
    }

    @Test func theLogRecordsEveryRequestWithRoleQueryAndOutcome() async throws {
        let database = try makeDatabase()
        let member = UUID()
        _ = try? await database.client(as: .member(member)).from("t").select().execute()
        _ = try? await database.client().from("missing").select().execute()
        let log = database.requests
        #expect(log.map(\.index) == [0, 1])
        #expect(log.map(\.role) == [.member(member), .anonymous])
        #expect(log[0].query == DatabaseQuery(target: "t", operation: .select))
        #expect(log[0].outcome == .succeeded)
        #expect(log[1].outcome == .failed(DatabaseError.unknownTable("missing").description))
        #expect(log.allSatisfy { request in request.endTick.map { $0 > request.startTick } == true })
        #expect(log[0].description.hasPrefix("#0 authenticated("))
        database.clearRequestLog()
        #expect(database.requests.isEmpty)
    }

    @Test func sequentialRequestsHaveDepthTwo() async throws {
        let database = try makeDatabase()
        let client = database.client()
        _ = try await client.from("t").select().execute()
        _ = try await client.from("t").select().execute()
        #expect(database.requests.roundTripDepth == 2)
    }

    @Test func concurrentRequestsHaveDepthOne() async throws {
        let clock = TestClock()
        let database = try makeDatabase(clock: clock)
        database.setLatency(.milliseconds(300))
        let client = database.client()
        async let first = client.from("t").select().execute()
        async let second = client.from("t").select().execute()
        await clock.waitForSleepers(count: 2)
        #expect(database.requests.allSatisfy { $0.outcome == .pending })
        clock.advance(by: .milliseconds(300))
        _ = try await (first, second)
        #expect(database.requests.count == 2)
        #expect(database.requests.roundTripDepth == 1)
    }

    @Test func depthCountsTheLongestChain() async throws {
        let clock = TestClock()
        let database = try makeDatabase(clock: clock)
        database.setLatency(.seconds(1))
        let client = database.client()
        async let a = client.from("t").select().execute()
        async let b = client.from("t").select().execute()
        await clock.waitForSleepers(count: 2)
        clock.advance(by: .seconds(1))
        _ = try await (a, b)
        async let c = client.from("t").select().execute()
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(1))
        _ = try await c
        #expect(database.requests.roundTripDepth == 2)
        #expect([LoggedRequest]().roundTripDepth == 0)
    }

    @Test func latencySleepsOnTheInjectedClockBeforeRunning() async throws {
        let clock = TestClock()
        let database = try makeDatabase(clock: clock)
        database.setLatency(.seconds(2))
        let write = Task { try await database.client(as: .service).from("t").insert(Row(id: 1)).execute() }
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(1))
        #expect(clock.sleeperCount == 1, "still waiting: only half the latency has passed")
        clock.advance(by: .seconds(1))
        _ = try await write.value
        database.setLatency(.zero)
        #expect(try await ids(database) == [1])
    }

    @Test func anInjectedErrorFailsTheChosenRequestOnly() async throws {
        let database = try makeDatabase()
        let service = database.client(as: .service)
        let injected = DatabaseError(code: "XX000", message: "boom")
        database.injectFault(.error(injected), skipping: 1)
        try await service.from("t").insert(Row(id: 1)).execute()
        let error = await #expect(throws: DatabaseError.self) {
            try await service.from("t").insert(Row(id: 2)).execute()
        }
        #expect(error == injected)
        try await service.from("t").insert(Row(id: 3)).execute()
        #expect(try await ids(database) == [1, 3])
        #expect(database.requests.map(\.outcome)[1] == .failed(injected.description))
    }

    @Test func anInjectedCancellationThrowsCancellationErrorAndWritesNothing() async throws {
        let database = try makeDatabase()
        database.injectFault(.cancellation)
        await #expect(throws: CancellationError.self) {
            try await database.client(as: .service).from("t").insert(Row(id: 1)).execute()
        }
        #expect(database.requests.last?.outcome == .cancelled)
        #expect(try await ids(database) == [])
    }

    @Test func clearedFaultsDoNotFire() async throws {
        let database = try makeDatabase()
        database.injectFault(.cancellation)
        database.clearFaults()
        try await database.client(as: .service).from("t").insert(Row(id: 1)).execute()
        #expect(try await ids(database) == [1])
    }

    @Test func cancellingTheAwaitingTaskDuringLatencyWritesNothing() async throws {
        let clock = TestClock()
        let database = try makeDatabase(clock: clock)
        database.setLatency(.seconds(1))
        let write = Task { try await database.client(as: .service).from("t").insert(Row(id: 1)).execute() }
        await clock.waitForSleepers(count: 1)
        write.cancel()
        await #expect(throws: CancellationError.self) { try await write.value }
        #expect(database.requests.first?.outcome == .cancelled)
        database.setLatency(.zero)
        #expect(try await ids(database) == [])
    }
}
