import Booking
import Events
import FitContract
import FitCore
import FitInMemory
import FitOffline
import FitTesting
import Foundation
import History
import Members
import Testing

/// What the offline-first client does whatever its remote: retries on the clock, a corrupt replica, and a service-role
/// replica. What a replay does on each backend is in OfflineScenarioTests.
@Suite(.timeLimit(.minutes(10))) struct OfflineClientTests {
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

    @Test func aServiceRoleClientKeepsEveryMembersRowsOffline() async throws {
        let harness = try await OfflineHarness.make()
        defer { harness.cleanUp() }
        let clock = harness.clock
        let back = try OfflineFirstClient(
            remote: harness.network.client(harness.fixture.service),
            replicaURL: harness.directory.appendingPathComponent("back-office.json"),
            policy: FitKitContract.replicaPolicy, clock: clock,
            now: { clock.date })
        let online = try await MembersQueries(client: back).getMembers()
        #expect(online.count == harness.fixture.members.count)
        harness.network.disconnect()
        let offline = try await MembersQueries(client: back).getMembers()
        #expect(offline.map(\.id) == online.map(\.id))
    }

    @Test func anOnlineReadReachesTheReplicaFileOnceUpdatesFinish() async throws {
        let harness = try await OfflineHarness.make()
        defer { harness.cleanUp() }
        let from = harness.clock.date
        let to = from.addingTimeInterval(2 * 24 * 3600)
        let online = try await BookingQueries(client: harness.client).getTimetable(from: from, to: to)
        #expect(!online.isEmpty)
        await harness.client.finishReplicaUpdates()

        // Another client opens the same file with no network: it reads what the first client's read brought.
        let network = RequestRig()
        network.disconnect()
        let reopened = try OfflineHarness.device(fixture: harness.fixture, network: network, at: harness.replicaURL)
        let offline = try await BookingQueries(client: reopened).getTimetable(from: from, to: to)
        #expect(offline.map(\.sessionId) == online.map(\.sessionId))
        #expect(await reopened.isReachable() == false)
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
