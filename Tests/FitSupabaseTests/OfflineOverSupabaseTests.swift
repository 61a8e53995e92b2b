import Events
import FitContract
import FitCore
import FitInMemory
import FitOffline
import FitSupabase
import FitTesting
import Foundation
import History
import Testing

/// FitOffline with FitSupabase as the remote, over HTTP to the local PostgREST test server: the replay's requests
/// (upserts that ignore duplicates and return the rows, version-checked updates, reads by composite key, deletes
/// by key) mean the same over PostgREST as on the in-memory database.
@Suite(.timeLimit(.minutes(10))) struct OfflineOverSupabaseTests {
    struct Device {
        let client: OfflineFirstClient
        let network: RequestRig
    }

    static func device(_ harness: ServerHarness, directory: URL, name: String) throws -> Device {
        let network = RequestRig()
        let clock = harness.fixture.clock
        // Retries wait on a clock of their own that these tests never advance: advancing the fixture's clock (for a
        // later `updated_at`) would otherwise wake a background replay that races the explicit `sync()` whose report
        // the test reads. The back-off itself is tested in FitOfflineTests.
        let client = try OfflineFirstClient(
            remote: network.client(harness.client(as: harness.fixture.alice)),
            replicaURL: directory.appendingPathComponent(name), policy: FitKitContract.replicaPolicy,
            clock: TestClock(), now: { clock.date })
        return Device(client: client, network: network)
    }

    static func withDirectory<Result: Sendable>(_ body: (URL) async throws -> Result) async throws -> Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("offline-supabase-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await body(directory)
    }

    @Test func changesMadeOfflineReachThePostgRESTServerOnce() async throws {
        try await ServerHarness.with { harness in
            try await Self.withDirectory { directory in
                let device = try Self.device(harness, directory: directory, name: "replica.json")
                let fixture = harness.fixture
                let history = HistoryQueries(client: device.client)
                let exercises = try await history.getExercises()
                let events = EventsQueries(client: device.client)
                let samples = FitFixture.sampleEvents()
                _ = try await events.createEvent(samples[0])
                _ = try await RatingsQueries(client: device.client).saveRating(
                    2, exerciseId: exercises[0].id, at: fixture.clock.date)

                device.network.disconnect()
                #expect(try await events.getEvents().map(\.id) == [samples[0].id], "read from the replica")
                _ = try await events.createEvent(samples[1])
                var edited = samples[0]
                edited.title = "Edited offline"
                _ = try await events.updateEvent(edited)
                fixture.clock.advance(by: .seconds(60))
                _ = try await RatingsQueries(client: device.client).saveRating(
                    5, exerciseId: exercises[0].id, at: fixture.clock.date)
                _ = try await history.createCompletion(exerciseId: exercises[1].id, completedAt: fixture.clock.date)
                _ = try await events.deleteEvents(ids: [samples[1].id])
                #expect(device.client.pendingChangeCount() == 5)

                device.network.reconnect()
                let report = await device.client.sync()
                #expect(report.accepted == 5)
                #expect(report.pending == 0)
                #expect(report.rejected.isEmpty)
                let server = fixture.client(as: fixture.alice)
                let storedEvents = try await EventsQueries(client: server).getEvents()
                #expect(storedEvents.map(\.title) == ["Edited offline"])
                let ratings = try await RatingsQueries(client: server).getRatings()
                #expect(ratings.map(\.rating) == [5], "the re-rating replaced the older rating by version")
                #expect(
                    try await HistoryQueries(client: server).getCompletions().map(\.exerciseId) == [exercises[1].id])
            }
        }
    }

    @Test func twoDevicesOverHTTPConvergeOnTheLaterEdit() async throws {
        try await ServerHarness.with { harness in
            try await Self.withDirectory { directory in
                let first = try Self.device(harness, directory: directory, name: "first.json")
                let second = try Self.device(harness, directory: directory, name: "second.json")
                let event = FitFixture.sampleEvents()[0]
                _ = try await EventsQueries(client: first.client).createEvent(event)
                _ = try await EventsQueries(client: second.client).getEvents()
                first.network.disconnect()
                second.network.disconnect()
                var earlier = event
                earlier.title = "Earlier"
                _ = try await EventsQueries(client: first.client).updateEvent(earlier)
                harness.fixture.clock.advance(by: .seconds(60))
                var later = event
                later.title = "Later"
                _ = try await EventsQueries(client: second.client).updateEvent(later)
                first.network.reconnect()
                second.network.reconnect()
                #expect(await second.client.sync().accepted == 1)
                #expect(await first.client.sync().accepted == 1)
                first.network.disconnect()
                #expect(try await EventsQueries(client: first.client).getEvents().map(\.title) == ["Later"])
            }
        }
    }

    @Test func aRefusedChangeComesBackWithThePostgRESTError() async throws {
        try await ServerHarness.with { harness in
            try await Self.withDirectory { directory in
                let device = try Self.device(harness, directory: directory, name: "replica.json")
                device.network.disconnect()
                _ = try await HistoryQueries(client: device.client).createCompletion(
                    exerciseId: UUID(), completedAt: harness.fixture.clock.date)
                device.network.reconnect()
                let report = await device.client.sync()
                #expect(report.rejected.map(\.error.code) == ["23503"])
                #expect(report.pending == 0)
                #expect(try await HistoryQueries(client: device.client).getCompletions().isEmpty)
            }
        }
    }
}
