import Events
import FitCore
import FitInMemory
import FitOffline
import FitStores
import FitTesting
import Foundation
import Testing

/// A live store over an offline-first client: it follows the server's changes, shows the replica when the
/// connection drops, and resyncs what changed meanwhile when the feed is back.
@Suite(.timeLimit(.minutes(10))) struct OfflineLiveTests {
    @Test func aFollowingStoreGoesOfflineAndResyncsWhatChangedMeanwhile() async throws {
        let harness = try await OfflineHarness.make()
        defer { harness.cleanUp() }
        let samples = FitFixture.sampleEvents()
        let store = EventsStore(queries: EventsQueries(client: harness.client), clock: harness.clock)
        let following = Task { await store.follow() }
        defer { following.cancel() }
        await waitUntil { store.state.events.hasValue }

        // Another window writes: the store follows.
        let otherWindow = EventsQueries(client: harness.fixture.client(as: harness.alice))
        _ = try await otherWindow.createEvent(samples[0])
        await waitUntil { store.events.map(\.id) == [samples[0].id] }
        #expect(store.offline.isOffline == false)

        // The connection drops: the store reloads from the replica.
        harness.network.disconnect()
        await waitUntil { store.offline.isOffline }
        #expect(store.events.map(\.id) == [samples[0].id])
        #expect(store.error == nil)

        // Meanwhile another device writes; the feed comes back after its back-off and the store catches up.
        _ = try await otherWindow.createEvent(samples[1])
        harness.network.reconnect()
        await harness.clock.waitForSleepers(count: 1)
        harness.clock.advance(by: .seconds(1))
        await waitUntil { !store.offline.isOffline && store.events.count == 2 }
        #expect(Set(store.events.map(\.id)) == [samples[0].id, samples[1].id])

        // An offline write shows at once and waits in the outbox.
        harness.network.disconnect()
        await waitUntil { store.offline.isOffline }
        try await store.add(samples[2])
        #expect(store.events.count == 3)
        #expect(harness.client.pendingChangeCount() == 1)
    }
}
