import Events
import FitContract
import FitCore
import FitInMemory
import FitStores
import FitTesting
import Foundation
import Members
import Testing

/// A follower on the embedded database with the real clock, driven from the main actor, keeps up with writes.
@Suite(.timeLimit(.minutes(10))) @MainActor struct FollowRealClockTests {
    @Test func aFollowerOnTheEmbeddedDatabaseWithTheRealClockKeepsUp() async throws {
        let database = try InMemoryDatabase.embedded()
        let member = try await BackOffice(service: database.client(as: .service)).addMember("Live")
        let client = database.client(as: .member(member.id))
        let writer = EventsQueries(client: client)
        let follower = EventsStore(queries: EventsQueries(client: client))
        let following = Task { await follower.follow() }
        await waitUntil { follower.state.events.value != nil }
        for index in 0..<50 {
            _ = try await writer.createEvent(
                Event(title: "Live \(index)", date: Date(timeIntervalSince1970: 1_780_596_000), textColor: .black))
            await waitUntil { follower.events.count >= index + 1 || follower.error != nil }
        }
        following.cancel()
        await following.value
        #expect(follower.events.count == 50, "\(String(describing: follower.error))")
    }
}
