import Events
import FitCore
import FitInMemory
import FitOffline
import FitTesting
import Foundation
import Testing

/// Two devices of one member that edited the same row offline: whichever replays first, the later `updated_at`
/// wins on the server and on both devices, and the loser sees the winner.
@Suite(.timeLimit(.minutes(10))) struct ConvergenceTests {
    @Test(arguments: [true, false])
    func theLaterEditWinsOnBothDevices(laterDeviceSyncsFirst: Bool) async throws {
        let harness = try await OfflineHarness.make(retryClock: TestClock())
        defer { harness.cleanUp() }
        let (second, secondNetwork) = try harness.secondDevice()
        let event = FitFixture.sampleEvents()[0]
        _ = try await EventsQueries(client: harness.client).createEvent(event)
        _ = try await EventsQueries(client: second).getEvents()

        harness.network.disconnect()
        secondNetwork.disconnect()
        var earlier = event
        earlier.title = "Earlier edit (first device)"
        _ = try await EventsQueries(client: harness.client).updateEvent(earlier)
        harness.clock.advance(by: .seconds(60))
        var later = event
        later.title = "Later edit (second device)"
        _ = try await EventsQueries(client: second).updateEvent(later)

        harness.network.reconnect()
        secondNetwork.reconnect()
        let order = laterDeviceSyncsFirst ? [second, harness.client] : [harness.client, second]
        for device in order {
            let report = await device.sync()
            #expect(report.accepted == 1, "a losing edit is accepted (the server keeps the newer row), not refused")
            #expect(report.pending == 0)
        }
        let stored = try await harness.serverRows("events")
        #expect(stored.compactMap { $0["title"]?.stringValue } == [later.title])
        if laterDeviceSyncsFirst {
            // The loser's replay found the server's row newer and took it.
            harness.network.disconnect()
            #expect(try await EventsQueries(client: harness.client).getEvents().map(\.title) == [later.title])
            harness.network.reconnect()
        }
        // After their next read, both replicas hold the winner: read them offline.
        for device in [harness.client, second] { _ = try await EventsQueries(client: device).getEvents() }
        harness.network.disconnect()
        secondNetwork.disconnect()
        for device in [harness.client, second] {
            let local = try await EventsQueries(client: device).getEvents()
            #expect(local.map(\.title) == [later.title])
        }
    }

    @Test func anEditOfARowAnotherDeviceDeletedLeavesItDeletedEverywhere() async throws {
        let harness = try await OfflineHarness.make(retryClock: TestClock())
        defer { harness.cleanUp() }
        let (second, _) = try harness.secondDevice()
        let event = FitFixture.sampleEvents()[0]
        _ = try await EventsQueries(client: harness.client).createEvent(event)
        _ = try await EventsQueries(client: second).getEvents()
        harness.network.disconnect()
        var edited = event
        edited.title = "Edited offline"
        _ = try await EventsQueries(client: harness.client).updateEvent(edited)
        _ = try await EventsQueries(client: second).deleteEvents(ids: [event.id])

        harness.network.reconnect()
        let report = await harness.client.sync()
        #expect(report.accepted == 1)
        #expect(try await harness.serverRows("events").isEmpty, "the edit does not bring the row back")
        harness.network.disconnect()
        #expect(try await EventsQueries(client: harness.client).getEvents().isEmpty)
    }
}
