import Booking
import Credits
import Events
import FitCore
import FitStores
import FitSupabase
import FitTesting
import Foundation
import History
import SessionDetails
import Testing

/// Live stores: what one window or device writes, another store shows without a reload. Each test writes
/// through one client and awaits the other store through observation (`waitUntil`), never sleeping.
@Suite(.timeLimit(.minutes(3))) struct FollowTests {
    /// Starts `follow` and returns once its first reload is done (so it is subscribed).
    private func following(_ follow: @escaping @Sendable () async -> Void, loaded: @escaping @Sendable () -> Bool)
        async -> Task<Void, Never>
    {
        let task = Task { await follow() }
        await waitUntil(loaded)
        return task
    }

    @Test func ratingsInTwoWindowsConverge() async throws {
        let fixture = try await FitFixture.make()
        let squat = try await StoreCases.firstExercise(fixture)
        let window1 = StoreCases.ratingsStore(fixture)
        let window2 = StoreCases.ratingsStore(fixture)
        let task = await following({ await window2.follow() }, loaded: { window2.state.ratings.value != nil })
        try await window1.rate(4, exerciseId: squat.id)
        await waitUntil { window2.rating(for: squat.id).value == 4 }
        try await window1.rate(2, exerciseId: squat.id)
        await waitUntil { window2.rating(for: squat.id).value == 2 }
        task.cancel()
        await task.value
        #expect(window2.error == nil)
        #expect(fixture.database.changeFollowerCount == 0)
    }

    @Test func eventsOnTwoDevicesOfOneMemberConvergeAndAnotherMemberSeesNothing() async throws {
        let fixture = try await FitFixture.make()
        let phone = StoreCases.eventsStore(fixture)
        let tablet = StoreCases.eventsStore(fixture)
        let bobs = EventsStore(queries: EventsQueries(client: fixture.client(as: fixture.bob)))
        let task = await following({ await tablet.follow() }, loaded: { tablet.state.events.value != nil })
        let bobTask = await following({ await bobs.follow() }, loaded: { bobs.state.events.value != nil })
        let race = try await phone.add(Event(title: "Race", date: fixture.clock.date, textColor: .black))
        await waitUntil { tablet.events.map(\.title) == ["Race"] }
        try await phone.delete(id: race.id)
        await waitUntil { tablet.events.isEmpty }
        task.cancel()
        bobTask.cancel()
        await task.value
        await bobTask.value
        #expect(bobs.events.isEmpty)
        #expect(bobs.isRefetching == false)
    }

    @Test func workoutsOnTwoDevicesConverge() async throws {
        let fixture = try await FitFixture.make()
        let phone = StoreCases.workoutsStore(fixture)
        let watch = StoreCases.workoutsStore(fixture)
        let task = await following({ await watch.follow() }, loaded: { watch.state.workouts.value != nil })
        let legs = try await phone.add(WorkoutDraft(title: "Legs", performedAt: fixture.clock.date))
        await waitUntil { watch.workouts.map(\.title) == ["Legs"] }
        try await phone.update(legs.id, to: WorkoutDraft(title: "Heavy legs", performedAt: fixture.clock.date))
        await waitUntil { watch.workouts.map(\.title) == ["Heavy legs"] }
        task.cancel()
        await task.value
    }

    @Test func theTimetableAndSessionDetailsShowAnotherMembersBooking() async throws {
        let fixture = try await FitFixture.make()
        let clock = fixture.clock
        let timetable = TimetableStore(
            queries: BookingQueries(client: fixture.client(as: fixture.alice)), locale: Locale(identifier: "en_GB"),
            now: { clock.date })
        await timetable.load(from: clock.date, to: clock.date.addingTimeInterval(7 * 86_400))
        let details = SessionDetailsStore(
            sessionId: fixture.upcomingClass, queries: SessionDetailsQueries(client: fixture.client(as: fixture.alice)))
        let timetableTask = await following({ await timetable.follow() }, loaded: { timetable.timetable != nil })
        let aliceId = fixture.alice.id
        let detailsTask = await following(
            { await details.follow(memberId: aliceId) }, loaded: { details.session != nil })
        let spots: @Sendable () -> Int? = {
            timetable.timetable?.sessions.first { $0.sessionId == fixture.upcomingClass }?.spotsRemaining
        }
        #expect(spots() == 10 && details.session?.spotsRemaining == 10)

        _ = try await BookingQueries(client: fixture.client(as: fixture.bob)).bookSession(id: fixture.upcomingClass)
        await waitUntil { spots() == 9 && details.session?.spotsRemaining == 9 }
        #expect(details.session?.isBooked == false)

        // Alice books from another device: her booked flag follows.
        _ = try await BookingQueries(client: fixture.client(as: fixture.alice)).bookSession(id: fixture.upcomingClass)
        await waitUntil { details.session?.isBooked == true && details.bookingId != nil }
        #expect(details.action?.isEnabled == true)
        timetableTask.cancel()
        detailsTask.cancel()
        await timetableTask.value
        await detailsTask.value
    }

    @Test func creditsFollowABookingFromAnotherDevice() async throws {
        let fixture = try await FitFixture.make()
        let credits = CreditsStore(queries: CreditsQueries(client: fixture.client(as: fixture.alice)))
        let task = await following({ await credits.follow() }, loaded: { credits.summary != nil })
        #expect(credits.summary?.balance == 20)
        _ = try await BookingQueries(client: fixture.client(as: fixture.alice)).bookSession(id: fixture.soonClass)
        await waitUntil { credits.summary?.balance == 17 }
        task.cancel()
        await task.value
    }

    @Test func aBackendWithoutAChangeFeedSaysSoAndFollowReturns() async throws {
        let unreachable = SupabaseDatabase(
            url: URL(string: "http://127.0.0.1:9")!, anonKey: "key", accessToken: nil,
            transport: NoNetworkTransport())
        let store = EventsStore(queries: EventsQueries(client: unreachable))
        await store.follow()
        #expect(store.error as? ChangeFeedError == .notSupported(backend: "SupabaseDatabase"))
    }
}

/// A transport that never reaches anything.
private struct NoNetworkTransport: PostgRESTTransport {
    func send(_ request: PostgRESTRequest) async throws -> PostgRESTResponse {
        throw ConnectionError(.unreachable, reason: "no network in this test")
    }
}
