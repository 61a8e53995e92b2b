import Booking
import Credits
import Events
import FitCore
import FitStores
import Foundation
import History
import ScenarioBackends
import SessionDetails
import Testing

/// Every feature's stores through one full flow each, written once and run on every backend: in memory, PostgreSQL,
/// and FitSupabase over a real socket against the PostgREST-speaking test server.
@Suite("Feature flows")
struct FeatureFlowTests {
    @Test(
        "session details, booking and credits: book, then cancel with a refund", arguments: ScenarioBackend.everyClient)
    func sessionDetailsBookingAndCredits(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let seed = session.seed
            let alice = session.client(seed.alice.id)
            let details = SessionDetailsStore(
                sessionId: seed.upcomingClass, queries: SessionDetailsQueries(client: alice))
            let credits = CreditsStore(queries: CreditsQueries(client: alice))
            await details.load(memberId: seed.alice.id)
            await credits.load()
            #expect(details.session?.spotsRemaining == 10)
            #expect(credits.summary?.balance == 20)
            let action = try #require(details.action)
            #expect(action == .book(try #require(details.session)))

            let booking = BookingStore(queries: BookingQueries(client: alice))
            guard case .booked(let booked)? = try await booking.run(action) else {
                Issue.record("booking failed: \(String(describing: booking.error))")
                return
            }
            await details.refresh(memberId: seed.alice.id)
            await credits.refresh()
            #expect(details.session?.isBooked == true && details.bookingId == booked.id)
            #expect(details.session?.spotsRemaining == 9)
            #expect(credits.summary?.balance == 18)

            guard case .cancelled(let cancellation)? = try await booking.run(try #require(details.action)) else {
                Issue.record("cancelling failed: \(String(describing: booking.error))")
                return
            }
            #expect(cancellation.refunded == 2)
            await credits.refresh()
            #expect(credits.summary?.balance == 20)
        }
    }

    @Test("booking rules arrive as BookingErrors", arguments: ScenarioBackend.everyClient)
    func bookingRulesArriveAsBookingErrors(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let seed = session.seed
            let carol = BookingQueries(client: session.client(seed.carol.id))
            await #expect(throws: BookingError.insufficientCredits) {
                try await carol.bookSession(id: seed.upcomingClass)
            }
            let alice = BookingQueries(client: session.client(seed.alice.id))
            await #expect(throws: BookingError.sessionFull) { try await alice.bookSession(id: seed.fullClass) }
            await #expect(throws: BookingError.classCancelled) { try await alice.bookSession(id: seed.cancelledClass) }
            let anonymous = BookingQueries(client: session.anonymous)
            await #expect(throws: BookingError.notSignedIn) { try await anonymous.bookSession(id: seed.upcomingClass) }
        }
    }

    @Test("the timetable lists the week's classes in start order", arguments: ScenarioBackend.everyClient)
    func timetable(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let seed = session.seed
            let now = Date()
            let store = TimetableStore(
                queries: BookingQueries(client: session.client(seed.alice.id)), locale: Locale(identifier: "en_GB"),
                now: { now })
            await store.load(from: now, to: now.addingTimeInterval(7 * 86_400))
            #expect(store.error == nil)
            #expect(
                store.timetable?.sessions.filter { seed.ruleClasses.contains($0.sessionId) }.map(\.name) == [
                    "Spin", "Boxing", "Private Session", "Yoga Flow", "Open Gym", "Masterclass",
                ])
        }
    }

    @Test("events: add, edit, delete; another member sees none", arguments: ScenarioBackend.everyClient)
    func events(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let store = EventsStore(queries: EventsQueries(client: session.client(session.seed.alice.id)))
            await store.load()
            var form = EventForm(mode: .add, defaultDate: Date().addingTimeInterval(86_400))
            form.title = "Race"
            try await store.add(try form.save())
            try await store.add(try form.save())
            var edited = try #require(store.events.first)
            edited.title = "Race day"
            try await store.update(edited)
            let ghost = Event(title: "Ghost", date: Date())
            await #expect(throws: EventsError.eventNotFound(ghost.id)) { try await store.update(ghost) }
            let other = EventsStore(queries: EventsQueries(client: session.client(session.seed.bob.id)))
            await other.load()
            #expect(other.events.isEmpty)
            await store.refresh()
            #expect(store.events.map(\.title) == ["Race day"])
            try await store.delete(id: edited.id)
            await store.refresh()
            #expect(store.events.isEmpty)
        }
    }

    @Test("ratings saved in one window load in another", arguments: ScenarioBackend.everyClient)
    func ratingsAcrossTwoWindows(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let squat = try #require(try await HistoryQueries(client: session.anonymous).getExercises().first)
            let window1 = RatingsStore(queries: RatingsQueries(client: session.client(session.seed.alice.id)))
            let window2 = RatingsStore(queries: RatingsQueries(client: session.client(session.seed.alice.id)))
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

    @Test("exercise history records a completed exercise", arguments: ScenarioBackend.everyClient)
    func history(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let alice = session.seed.alice
            let history = HistoryStore(
                queries: HistoryQueries(client: session.client(alice.id)), timeZoneIdentifier: alice.timeZone,
                now: { Date() })
            await history.load()
            #expect(history.exercises.count == 4)
            try await history.record(history.exercises[0])
            await history.refresh()
            #expect(history.days.flatMap(\.exerciseNames) == ["Squat"])
        }
    }

    @Test("workouts: log one with an exercise, then delete it", arguments: ScenarioBackend.everyClient)
    func workouts(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let log = WorkoutsStore(queries: WorkoutsQueries(client: session.client(session.seed.alice.id)))
            await log.load()
            let workout = try await log.add(WorkoutDraft(title: "Legs", performedAt: Date()))
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
