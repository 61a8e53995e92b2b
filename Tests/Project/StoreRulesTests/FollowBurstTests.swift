import Events
import FitCore
import FitKitTestSupport
import FitStores
import FitTesting
import Foundation
import Testing

/// A follower keeps up with many writes made one after another (300, or 60 under ThreadSanitizer:
/// ``ThreadSanitizer/isActive``), each awaited through observation.
///
/// The limit guards against a hang, not a speed goal: alone the test takes a few seconds, but it took 80 s in a full
/// run beside a second build (load average 6.5), so a one-minute limit failed it.
@Suite(.timeLimit(.minutes(10))) struct FollowBurstTests {
    @Test func aFollowerShowsEachOfManySequentialWrites() async throws {
        let fixture = try await FitFixture.make()
        let writer = EventsQueries(client: fixture.client(as: fixture.alice))
        let follower = StoreCases.eventsStore(fixture)
        let following = Task { await follower.follow() }
        await waitUntil { follower.state.events.value != nil }
        let writes = ThreadSanitizer.isActive ? 60 : 300
        for index in 0..<writes {
            _ = try await writer.createEvent(Event(title: "E\(index)", date: fixture.clock.date, textColor: .black))
            await waitUntil { follower.events.count >= index + 1 }
        }
        following.cancel()
        await following.value
        #expect(follower.events.count == writes)
    }
}
