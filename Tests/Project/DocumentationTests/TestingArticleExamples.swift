import Booking
import Events
import FitContract
import FitCore
import FitStores
import FitTesting
import Foundation
import Members
import ScenarioBackends
import SessionDetails
import Testing

/// The tests of the "Testing a feature" article (Modules/Testing/FitTesting/FitTesting.docc/TestingAFeature.md),
/// verbatim: the article quotes these functions whole.
@Suite struct TestingArticleExamples {
    @Test(arguments: ScenarioBackend.available)
    func anEventIsTheMembersOnEveryBackend(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let alice = EventsQueries(client: session.client(session.seed.alice.id))
            let event = try await alice.createEvent(Event(title: "Race day", date: session.clock.date))
            let bob = EventsQueries(client: session.client(session.seed.bob.id))
            #expect(try await alice.getEvents().map(\.id).contains(event.id))
            #expect(try await bob.getEvents().map(\.id).contains(event.id) == false)
        }
    }

    @Test func bookingAClassShowsItAsBooked() async throws {
        let fixture = try await FitFixture.make()
        let client = fixture.client(as: fixture.alice)
        let details = SessionDetailsStore(
            sessionId: fixture.upcomingClass, queries: SessionDetailsQueries(client: client))
        let booking = BookingStore(queries: BookingQueries(client: client))

        await details.load(memberId: fixture.alice.id)
        let action = try #require(details.action)
        try await booking.run(action)
        await details.refresh(memberId: fixture.alice.id)

        #expect(details.session?.isBooked == true)
        #expect(details.session?.spotsRemaining == 9)
        #expect(try await fixture.backOffice.ledgerBalance(of: fixture.alice.id) == 18)
    }

    @Test func aFullClassIsRefusedWithItsRule() async throws {
        let fixture = try await FitFixture.make()
        let booking = BookingStore(queries: BookingQueries(client: fixture.client(as: fixture.alice)))
        let details = SessionDetailsStore(
            sessionId: fixture.fullClass, queries: SessionDetailsQueries(client: fixture.client(as: fixture.alice)))
        await details.load(memberId: fixture.alice.id)

        let action = try #require(details.action)

        await #expect(throws: BookingError.sessionFull) { try await booking.run(action) }

        #expect(booking.bookingError == .sessionFull)
        #expect(booking.bookingError?.code == "FB001")
    }

    @Test func theFirstLoadShowsProgressWhileItsRequestIsInFlight() async throws {
        let fixture = try await FitFixture.make()
        let store = EventsStore(queries: EventsQueries(client: fixture.client(as: fixture.alice)))

        await fixture.holdingRequests {
            await store.load()
        } whileWaiting: {
            #expect(store.isLoading)
            #expect(!store.isRefetching)
        }

        #expect(!store.isLoading)
        #expect(store.events.isEmpty)
    }

    @Test func aFailedRefreshKeepsTheListAndExposesTheError() async throws {
        let fixture = try await FitFixture.make()
        let store = EventsStore(queries: EventsQueries(client: fixture.client(as: fixture.alice)))
        try await store.add(Event(title: "Race day", date: fixture.clock.date.addingTimeInterval(86_400)))

        fixture.database.injectFault(.error(ConnectionError(.unreachable, reason: "offline")))
        await store.refresh()

        #expect(store.events.map(\.title) == ["Race day"])
        #expect((store.error as? ConnectionError)?.kind == .unreachable)
    }

    @Test func aCancelledRefreshIsNotAnError() async throws {
        let fixture = try await FitFixture.make()
        let store = EventsStore(queries: EventsQueries(client: fixture.client(as: fixture.alice)))
        await store.load()

        fixture.database.injectFault(.cancellation)
        await store.refresh()

        #expect(store.error == nil)
    }

    @Test(.timeLimit(.minutes(10)))
    func theSessionScreenLoadsInOneRoundTrip() async throws {
        let fixture = try await FitFixture.make()
        let store = SessionDetailsStore(
            sessionId: fixture.upcomingClass, queries: SessionDetailsQueries(client: fixture.service))
        fixture.database.setLatency(.seconds(1))

        let load = Task { await store.load(memberId: fixture.alice.id) }
        await fixture.clock.waitForSleepers(count: 2)  // both requests are in flight at once
        fixture.clock.advance(by: .seconds(1))
        await load.value

        let requests = fixture.database.requests
        #expect(requests.map(\.query.target).sorted() == ["bookable_sessions", "bookings"])
        #expect(requests.roundTripDepth == 1)
    }

    @Test func aPersistedDatabaseKeepsAnEventAcrossLaunches() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID()).sqlite")
        defer { try? FileManager.default.removeItem(at: file) }
        let event = Event(title: "Race day", date: TestClock.defaultStartDate.addingTimeInterval(86_400))

        let first = try await FitFixture.make(persistingTo: file)
        try await EventsStore(queries: EventsQueries(client: first.client(as: first.alice))).add(event)

        let second = try await FitFixture.make(persistingTo: file)
        let store = EventsStore(queries: EventsQueries(client: second.client(as: second.alice)))
        await store.load()
        #expect(store.events == [event])
    }

    @Test(.timeLimit(.minutes(10))) func aFollowingScreenSeesAnotherDevicesBooking() async throws {
        let fixture = try await FitFixture.make()
        let phone = SessionDetailsStore(
            sessionId: fixture.upcomingClass, queries: SessionDetailsQueries(client: fixture.client(as: fixture.alice)))
        let following = Task { await phone.follow(memberId: fixture.alice.id) }
        await waitUntil { phone.session != nil }
        #expect(phone.session?.spotsRemaining == 10)

        _ = try await BookingQueries(client: fixture.client(as: fixture.bob)).bookSession(id: fixture.upcomingClass)
        await waitUntil { phone.session?.spotsRemaining == 9 }
        following.cancel()
        await following.value

        #expect(phone.session?.isBooked == false)
        #expect(phone.error == nil)
    }
}
