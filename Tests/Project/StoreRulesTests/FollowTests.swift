import Booking
import Credits
import Events
import FitContract
import FitCore
import FitStores
import FitSupabase
import Foundation
import History
import ScenarioBackends
import SessionDetails
import Testing

/// Live stores, written once and run on every backend with a change feed (in memory and PostgreSQL; FitSupabase
/// follows once it speaks Supabase Realtime): what one window or device writes, another store shows without a reload.
/// Each test writes through one client and awaits the other store through observation (`waitUntil`), never sleeping.
///
/// The limit is a guard against a hang, not a speed goal: alone a case takes a fraction of a second, but in a full run
/// it shares two cores and the PostgreSQL test server with every other suite (55–69 s measured there).
@Suite("Live stores", .timeLimit(.minutes(10)))
struct FollowTests {
    static let backends = ScenarioBackend.everyClient.filter(\.canFollow)

    /// Starts `follow` and returns once its first reload is done. A feed may not listen yet then; it reloads again
    /// once it does (its first `.missedChanges`), so a write made from now on shows up either way.
    private func following(_ follow: @escaping @Sendable () async -> Void, loaded: @escaping @Sendable () -> Bool)
        async -> Task<Void, Never>
    {
        let task = Task { await follow() }
        await waitUntil(loaded)
        return task
    }

    @Test("ratings in two windows converge", arguments: backends)
    func ratingsInTwoWindowsConverge(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let alice = session.client(session.seed.alice.id)
            let squat = try #require(try await HistoryQueries(client: alice).getExercises().first)
            let window1 = RatingsStore(queries: RatingsQueries(client: alice))
            let window2 = RatingsStore(queries: RatingsQueries(client: alice))
            let task = await following({ await window2.follow() }, loaded: { window2.state.ratings.value != nil })
            try await window1.rate(4, exerciseId: squat.id)
            await waitUntil { window2.rating(for: squat.id).value == 4 }
            try await window1.rate(2, exerciseId: squat.id)
            await waitUntil { window2.rating(for: squat.id).value == 2 }
            task.cancel()
            await task.value
            #expect(window2.error == nil)
            #expect(session.changeFollowerCount == 0)
        }
    }

    @Test("events on two devices of one member converge, and another member sees nothing", arguments: backends)
    func eventsConvergeAndAnotherMemberSeesNothing(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let alice = session.client(session.seed.alice.id)
            let phone = EventsStore(queries: EventsQueries(client: alice))
            let tablet = EventsStore(queries: EventsQueries(client: alice))
            let bobs = EventsStore(queries: EventsQueries(client: session.client(session.seed.bob.id)))
            let task = await following({ await tablet.follow() }, loaded: { tablet.state.events.value != nil })
            let bobTask = await following({ await bobs.follow() }, loaded: { bobs.state.events.value != nil })
            let race = try await phone.add(Event(title: "Race", date: Date().addingTimeInterval(86_400)))
            await waitUntil { tablet.events.map(\.title) == ["Race"] }
            try await phone.delete(id: race.id)
            await waitUntil { tablet.events.isEmpty }
            task.cancel()
            bobTask.cancel()
            await task.value
            await bobTask.value
            #expect(bobs.events.isEmpty)
            #expect(bobs.error == nil && bobs.isRefetching == false)
        }
    }

    @Test("workouts on two devices converge", arguments: backends)
    func workoutsConverge(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let alice = session.client(session.seed.alice.id)
            let phone = WorkoutsStore(queries: WorkoutsQueries(client: alice))
            let watch = WorkoutsStore(queries: WorkoutsQueries(client: alice))
            let task = await following({ await watch.follow() }, loaded: { watch.state.workouts.value != nil })
            let legs = try await phone.add(WorkoutDraft(title: "Legs", performedAt: Date()))
            await waitUntil { watch.workouts.map(\.title) == ["Legs"] }
            try await phone.update(legs.id, to: WorkoutDraft(title: "Heavy legs", performedAt: Date()))
            await waitUntil { watch.workouts.map(\.title) == ["Heavy legs"] }
            task.cancel()
            await task.value
            #expect(watch.error == nil)
        }
    }

    @Test(
        "the timetable and session details show another member's booking, and the member's own from another device",
        arguments: backends)
    func timetableAndSessionDetailsFollowBookings(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let seed = session.seed
            let alice = session.client(seed.alice.id)
            let now = Date()
            let timetable = TimetableStore(
                queries: BookingQueries(client: alice), locale: Locale(identifier: "en_GB"), now: { now })
            await timetable.load(from: now, to: now.addingTimeInterval(7 * 86_400))
            let details = SessionDetailsStore(
                sessionId: seed.upcomingClass, queries: SessionDetailsQueries(client: alice))
            let timetableTask = await following({ await timetable.follow() }, loaded: { timetable.timetable != nil })
            let aliceId = seed.alice.id
            let detailsTask = await following(
                { await details.follow(memberId: aliceId) }, loaded: { details.session != nil })
            let upcoming = seed.upcomingClass
            let spots: @Sendable () -> Int? = {
                timetable.timetable?.sessions.first { $0.sessionId == upcoming }?.spotsRemaining
            }
            #expect(spots() == 10 && details.session?.spotsRemaining == 10)

            _ = try await BookingQueries(client: session.client(seed.bob.id)).bookSession(id: upcoming)
            await waitUntil { spots() == 9 && details.session?.spotsRemaining == 9 }
            #expect(details.session?.isBooked == false)

            // Alice books from another device: her booked flag follows.
            _ = try await BookingQueries(client: alice).bookSession(id: upcoming)
            await waitUntil { details.session?.isBooked == true && details.bookingId != nil }
            #expect(details.action?.isEnabled == true)
            await waitUntil { spots() == 8 }
            timetableTask.cancel()
            detailsTask.cancel()
            await timetableTask.value
            await detailsTask.value
            #expect(timetable.error == nil && details.error == nil)
        }
    }

    @Test("credits follow a booking from another device", arguments: backends)
    func creditsFollowABooking(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let alice = session.client(session.seed.alice.id)
            let credits = CreditsStore(queries: CreditsQueries(client: alice))
            let task = await following({ await credits.follow() }, loaded: { credits.summary != nil })
            #expect(credits.summary?.balance == 20)
            _ = try await BookingQueries(client: alice).bookSession(id: session.seed.soonClass)
            await waitUntil { credits.summary?.balance == 17 }
            task.cancel()
            await task.value
            #expect(credits.error == nil)
        }
    }

    @Test func aBackendWithoutAChangeFeedSaysSoAndFollowReturns() async throws {
        let unreachable = SupabaseDatabase(
            url: URL(string: "http://127.0.0.1:9")!, anonKey: "key", accessToken: nil,
            transport: NoNetworkTransport(), realtime: RealtimeConfiguration(transport: nil))
        let store = EventsStore(queries: EventsQueries(client: unreachable))
        await store.follow()
        #expect(
            store.error as? ChangeFeedError == .notSupported(backend: "SupabaseDatabase without a Realtime transport"))
    }
}

/// A transport that never reaches anything.
private struct NoNetworkTransport: PostgRESTTransport {
    func send(_ request: PostgRESTRequest) async throws -> PostgRESTResponse {
        throw ConnectionError(.unreachable, reason: "no network in this test")
    }
}
