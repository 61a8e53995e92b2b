import Booking
import Credits
import Events
import FitCore
import FitSupabase
import FitTesting
import Foundation
import History
import SessionDetails
import Testing

/// Every feature's stores driven over FitSupabase, through a real socket, against the PostgREST-speaking test
/// server in front of the seeded contract: one full flow each.
@Suite(.serialized) struct FeatureFlowsOverSupabaseTests {
    @Test func sessionDetailsBookingAndCreditsFlow() async throws {
        try await ServerHarness.with { harness in
            let fixture = harness.fixture
            let alice = harness.client(as: fixture.alice)
            let details = SessionDetailsStore(
                sessionId: fixture.upcomingClass, queries: SessionDetailsQueries(client: alice))
            let credits = CreditsStore(queries: CreditsQueries(client: alice))
            await details.load(memberId: fixture.alice.id)
            await credits.load()
            #expect(details.session?.spotsRemaining == 10)
            #expect(credits.summary?.balance == 20)
            let action = try #require(details.action)
            #expect(action == .book(try #require(details.session)))

            let booking = BookingStore(queries: BookingQueries(client: alice))
            guard case .booked(let booked)? = await booking.run(action) else {
                Issue.record("booking failed: \(String(describing: booking.error))")
                return
            }
            await details.refresh(memberId: fixture.alice.id)
            await credits.refresh()
            #expect(details.session?.isBooked == true && details.bookingId == booked.id)
            #expect(details.session?.spotsRemaining == 9)
            #expect(credits.summary?.balance == 18)

            guard case .cancelled(let cancellation)? = await booking.run(try #require(details.action)) else {
                Issue.record("cancelling failed: \(String(describing: booking.error))")
                return
            }
            #expect(cancellation.refunded == 2)
            await credits.refresh()
            #expect(credits.summary?.balance == 20)
        }
    }

    @Test func bookingRulesArriveAsBookingErrors() async throws {
        try await ServerHarness.with { harness in
            let fixture = harness.fixture
            let carol = BookingQueries(client: harness.client(as: fixture.carol))
            await #expect(throws: BookingError.insufficientCredits) {
                try await carol.bookSession(id: fixture.upcomingClass)
            }
            let alice = BookingQueries(client: harness.client(as: fixture.alice))
            await #expect(throws: BookingError.sessionFull) { try await alice.bookSession(id: fixture.fullClass) }
            await #expect(throws: BookingError.classCancelled) {
                try await alice.bookSession(id: fixture.cancelledClass)
            }
            let anonymous = BookingQueries(client: harness.anonymous)
            await #expect(throws: BookingError.notSignedIn) {
                try await anonymous.bookSession(id: fixture.upcomingClass)
            }
        }
    }

    @Test func timetableFlow() async throws {
        try await ServerHarness.with { harness in
            let fixture = harness.fixture
            let clock = fixture.clock
            let store = TimetableStore(
                queries: BookingQueries(client: harness.client(as: fixture.alice)), locale: Locale(identifier: "en_GB"),
                now: { clock.date })
            await store.load(from: clock.date, to: clock.date.addingTimeInterval(7 * 86_400))
            #expect(store.error == nil)
            #expect(
                store.timetable?.sessions.filter { fixture.ruleClasses.contains($0.sessionId) }.map(\.name) == [
                    "Spin", "Boxing", "Private Session", "Yoga Flow", "Open Gym", "Masterclass",
                ])
        }
    }

    @Test func eventsFlow() async throws {
        try await ServerHarness.with { harness in
            let fixture = harness.fixture
            let store = EventsStore(queries: EventsQueries(client: harness.client(as: fixture.alice)))
            await store.load()
            var form = EventForm(mode: .add, defaultDate: fixture.clock.date.addingTimeInterval(86_400))
            form.title = "Race"
            try await store.add(try form.save())
            try await store.add(try form.save())
            var edited = try #require(store.events.first)
            edited.title = "Race day"
            try await store.update(edited)
            let ghost = Event(title: "Ghost", date: fixture.clock.date)
            await #expect(throws: EventsError.eventNotFound(ghost.id)) { try await store.update(ghost) }
            let other = EventsStore(queries: EventsQueries(client: harness.client(as: fixture.bob)))
            await other.load()
            #expect(other.events.isEmpty)
            await store.refresh()
            #expect(store.events.map(\.title) == ["Race day"])
            try await store.delete(id: edited.id)
            await store.refresh()
            #expect(store.events.isEmpty)
        }
    }

    @Test func ratingsFlowAcrossTwoWindows() async throws {
        try await ServerHarness.with { harness in
            let fixture = harness.fixture
            let squat = try #require(try await HistoryQueries(client: harness.anonymous).getExercises().first)
            let window1 = RatingsStore(queries: RatingsQueries(client: harness.client(as: fixture.alice)))
            let window2 = RatingsStore(queries: RatingsQueries(client: harness.client(as: fixture.alice)))
            await window1.load()
            try await window1.rate(4, exerciseId: squat.id)
            await window2.load()
            #expect(window2.rating(for: squat.id).value == 4)
            let unknown = UUID()
            await #expect(throws: RatingError.exerciseNotFound(unknown)) {
                try await window1.rate(3, exerciseId: unknown)
            }
        }
    }

    @Test func historyAndHIITFlow() async throws {
        try await ServerHarness.with { harness in
            let fixture = harness.fixture
            let clock = fixture.clock
            let history = HistoryStore(
                queries: HistoryQueries(client: harness.client(as: fixture.alice)),
                timeZone: TimeZone(identifier: fixture.alice.timeZone)!, now: { clock.date })
            await history.load()
            #expect(history.exercises.count == 4)
            try await history.record(history.exercises[0])
            await history.refresh()
            #expect(history.days.flatMap(\.exerciseNames) == ["Squat"])
        }
    }

    @Test func workoutsFlow() async throws {
        try await ServerHarness.with { harness in
            let fixture = harness.fixture
            let log = WorkoutsStore(queries: WorkoutsQueries(client: harness.client(as: fixture.alice)))
            await log.load()
            let workout = try await log.add(WorkoutDraft(title: "Legs", performedAt: fixture.clock.date))
            try await log.addExercise(
                WorkoutExercise(name: "Squat", sets: [WorkoutSet(reps: 5, weightKg: 100, restSeconds: 120)]),
                to: workout.id)
            await log.refresh()
            #expect(log.workouts.map(\.title) == ["Legs"])
            #expect(log.workouts.first?.exercises.first?.sets.count == 1)
            try await log.delete(id: workout.id)
            await log.refresh()
            #expect(log.workouts.isEmpty)
        }
    }
}
