import Events
import FitCore
import FitInMemory
import FitOffline
import FitTesting
import Foundation
import History
import Testing

/// Replaying the outbox: a server that fails at every point of a replay, a change the server refuses, retries on
/// the clock, and batching.
@Suite(.timeLimit(.minutes(10))) struct OutboxReplayTests {
    /// The changes the replay tests queue offline: three new events (one batch), an edit, a deletion, a rating and
    /// two completions (another batch).
    static func queueChanges(on harness: OfflineHarness) async throws {
        let events = EventsQueries(client: harness.client)
        let history = HistoryQueries(client: harness.client)
        let exercises = try await history.getExercises()
        let samples = FitFixture.sampleEvents()
        _ = try await events.createEvent(samples[3])
        harness.network.disconnect()
        for event in samples.prefix(3) { _ = try await events.createEvent(event) }
        var edited = samples[3]
        edited.title = "Edited offline"
        _ = try await events.updateEvent(edited)
        _ = try await events.deleteEvents(ids: [samples[0].id])
        _ = try await RatingsQueries(client: harness.client).saveRating(
            5, exerciseId: exercises[0].id, at: harness.clock.date)
        for exercise in exercises.prefix(2) {
            _ = try await history.createCompletion(exerciseId: exercise.id, completedAt: harness.clock.date)
        }
        harness.network.reconnect()
    }

    /// What the server holds for Alice in the tables the changes touch, without what differs between two runs:
    /// `created_at`, the ids of completions (made by the client at random) and of exercises (the catalogue's ids are
    /// made when it is seeded; each is replaced by the exercise's position).
    static func serverState(of harness: OfflineHarness) async throws -> [String: [[String: JSONValue]: Int]] {
        let catalogue = try await HistoryQueries(client: harness.fixture.service).getExercises()
        let positions = Dictionary(
            uniqueKeysWithValues: catalogue.map {
                ($0.id.uuidString.lowercased(), JSONValue.number(Decimal($0.position)))
            })
        var state: [String: [[String: JSONValue]: Int]] = [:]
        for table in ["events", "exercise_ratings", "exercise_history", "workouts"] {
            var rows: [[String: JSONValue]: Int] = [:]
            for var row in try await harness.serverRows(table) {
                row["created_at"] = nil
                if table == "exercise_history" { row["id"] = nil }
                if let exercise = row["exercise_id"]?.stringValue { row["exercise_id"] = positions[exercise] }
                rows[row, default: 0] += 1
            }
            state[table] = rows
        }
        return state
    }

    @Test func aCleanReplaySendsTheChangesInOrderAndBatchesInserts() async throws {
        let harness = try await OfflineHarness.make()
        defer { harness.cleanUp() }
        try await Self.queueChanges(on: harness)
        #expect(harness.client.pendingChangeCount() == 8)
        let report = await harness.client.sync()
        #expect(report.accepted == 8)
        #expect(report.pending == 0)
        // The 3 new events (upserts on `id`) in one request, the edit, the deletion, the rating (a new row: no
        // version-checked update needed), the 2 completions in one request.
        #expect(report.requests == 5)
        let state = try await Self.serverState(of: harness)
        #expect(
            state["events"]?.keys.compactMap { $0["title"]?.stringValue }.sorted()
                == (["Edited offline"] + FitFixture.sampleEvents()[1...2].map(\.title)).sorted())
        #expect(state["events"]?.values.allSatisfy { $0 == 1 } == true)
        #expect(state["exercise_ratings"]?.keys.first?["rating"] == 5)
        #expect(state["exercise_history"]?.values.reduce(0, +) == 2)
    }

    /// Where a request of the replay fails: before it reaches the server, or after the server ran it.
    enum FaultPoint: CaseIterable, Sendable {
        case beforeDelivery, afterDelivery

        var fault: Fault { self == .beforeDelivery ? .unreachable : .lostAnswer }
    }

    static let everyPoint: [(Int, FaultPoint)] = (0..<6).flatMap { request in
        FaultPoint.allCases.map { (request, $0) }
    }

    @Test(arguments: everyPoint)
    func aServerFailingAtAnyPointOfTheReplayEndsWithEveryChangeOnce(
        request: Int, point: FaultPoint
    ) async throws {
        let reference = try await OfflineHarness.make()
        defer { reference.cleanUp() }
        try await Self.queueChanges(on: reference)
        _ = await reference.client.sync()
        let expected = try await Self.serverState(of: reference)

        let harness = try await OfflineHarness.make()
        defer { harness.cleanUp() }
        try await Self.queueChanges(on: harness)
        harness.network.injectFault(point.fault, skipping: request)
        let first = await harness.client.sync()
        let second = await harness.client.sync()
        #expect(first.pending > 0 || request >= first.requests, "the fault stopped the first replay")
        #expect(first.accepted + second.accepted == 8, "every change accepted exactly once")
        #expect(second.pending == 0)
        #expect(first.rejected.isEmpty && second.rejected.isEmpty)
        #expect(try await Self.serverState(of: harness) == expected)
        // The replica shows what the server has.
        harness.network.disconnect()
        let local = try await EventsQueries(client: harness.client).getEvents()
        #expect(Set(local.map(\.title)) == Set(expected["events"]?.keys.compactMap { $0["title"]?.stringValue } ?? []))
    }

    @Test func aChangeTheServerRefusesLeavesTheOutboxAndTheStoreShowsTheRefusal() async throws {
        let harness = try await OfflineHarness.make()
        defer { harness.cleanUp() }
        let clock = harness.clock
        let store = HistoryStore(
            queries: HistoryQueries(client: harness.client), timeZone: TimeZone(identifier: "UTC")!,
            now: { clock.date })
        await store.load()
        harness.network.disconnect()
        let ghost = Exercise(id: UUID(), position: 99, name: "Ghost", videoName: "ghost", durationSeconds: 30)
        _ = try await store.record(ghost)
        #expect(store.days.flatMap(\.entries).count == 1, "applied locally at once")

        harness.network.reconnect()
        let report = await harness.client.sync()
        #expect(report.accepted == 0)
        #expect(report.pending == 0, "a refused change leaves the outbox")
        let rejection = try #require(report.rejected.first)
        #expect(rejection.error.code == "23503")
        #expect(rejection.table == "exercise_history")
        #expect(try await harness.serverRows("exercise_history").isEmpty)

        await store.load()
        #expect(store.days.flatMap(\.entries).isEmpty, "the replica took the server's rows back")
        #expect(store.offline.rejectedChanges.map(\.id) == [rejection.id])
        #expect(await harness.client.rejectedChanges() == [rejection])
        harness.network.disconnect()
        await store.load()
        #expect(store.offline.isOffline)
        #expect(store.days.flatMap(\.entries).isEmpty, "the refused row is gone from the replica too")
    }

    @Test func oneRefusedRowOfABatchedInsertDropsOnlyThatChange() async throws {
        let harness = try await OfflineHarness.make()
        defer { harness.cleanUp() }
        let history = HistoryQueries(client: harness.client)
        let exercises = try await history.getExercises()
        harness.network.disconnect()
        let ghost = UUID()
        for exercise in [exercises[0].id, ghost, exercises[1].id] {
            _ = try await history.createCompletion(exerciseId: exercise, completedAt: harness.clock.date)
        }
        harness.network.reconnect()
        let report = await harness.client.sync()
        #expect(report.accepted == 2)
        #expect(report.rejected.map(\.error.code) == ["23503"])
        #expect(report.pending == 0)
        // The batch of three went first, then each change alone: 1 + 3 requests, and a read of the refused key.
        #expect(report.requests == 5)
        let stored = try await harness.serverRows("exercise_history").compactMap { $0["exercise_id"]?.stringValue }
        #expect(Set(stored) == Set(exercises.prefix(2).map { $0.id.uuidString.lowercased() }))
    }

    @Test func retriesBackOffOnTheClockUntilTheServerIsBack() async throws {
        let harness = try await OfflineHarness.make()
        defer { harness.cleanUp() }
        var events = await harness.client.syncEvents().makeAsyncIterator()
        harness.network.disconnect()
        _ = try await EventsQueries(client: harness.client).createEvent(FitFixture.sampleEvents()[0])
        #expect(await events.next() == .retryScheduled(after: .seconds(1), pending: 1))

        harness.clock.advance(by: .seconds(1))
        #expect(await events.next() == .retryScheduled(after: .seconds(2), pending: 1), "still down: twice as long")
        guard case .replayed(let failed)? = await events.next() else {
            Issue.record("expected the failed replay's report")
            return
        }
        #expect(failed.pending == 1)
        #expect(failed.stoppedBecause != nil)

        harness.network.reconnect()
        harness.clock.advance(by: .seconds(1))
        #expect(harness.client.pendingChangeCount() == 1, "nothing before the back-off is over")
        harness.clock.advance(by: .seconds(1))
        guard case .replayed(let report)? = await events.next() else {
            Issue.record("expected the replay's report")
            return
        }
        #expect(report.accepted == 1)
        #expect(report.pending == 0)
        #expect(try await harness.serverRows("events").count == 1)
    }

    @Test func theNextSuccessfulRequestReplaysTheOutboxFirst() async throws {
        let harness = try await OfflineHarness.make()
        defer { harness.cleanUp() }
        harness.network.disconnect()
        let event = try await EventsQueries(client: harness.client).createEvent(FitFixture.sampleEvents()[0])
        harness.network.reconnect()
        let loaded = try await EventsQueries(client: harness.client).getEvents()
        #expect(loaded.map(\.id) == [event.id])
        #expect(harness.client.pendingChangeCount() == 0)
        #expect(try await harness.serverRows("events").count == 1)
    }

    @Test func aCorruptReplicaFileIsReportedAndKept() async throws {
        let harness = try await OfflineHarness.make()
        defer { harness.cleanUp() }
        let url = harness.directory.appendingPathComponent("corrupt.json")
        let garbage = Data("{\"format\": \"fitkit-in-memory-database\", \"version\": 1, \"tables\": ".utf8)
        try garbage.write(to: url)
        #expect(throws: PersistenceError.self) {
            _ = try OfflineHarness.device(fixture: harness.fixture, network: harness.network, at: url)
        }
        #expect(try Data(contentsOf: url) == garbage)
    }
}
