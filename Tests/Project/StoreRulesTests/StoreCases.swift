import Booking
import Credits
import Events
import FitCore
import FitTesting
import Foundation
import History
import Notifications
import SessionDetails
import StudioDesk
import Waitlist

/// Every FitKit store that loads or writes, made on a fixture and acting as Alice.
enum StoreCases {
    static let loading: [StoreCase] = [
        StoreCase(name: "SessionDetailsStore") { fixture in
            let store = SessionDetailsStore(
                sessionId: fixture.upcomingClass,
                queries: SessionDetailsQueries(client: fixture.client(as: fixture.alice)))
            let member = fixture.alice.id
            return StoreUnderTest(
                store, load: { await store.load(memberId: member) }, refresh: { await store.refresh(memberId: member) },
                shown: { store.session.map { "\($0.name) \($0.spotsRemaining.map(String.init) ?? "—")" } })
        },
        StoreCase(name: "TimetableStore") { fixture in
            let clock = fixture.clock
            let store = TimetableStore(
                queries: BookingQueries(client: fixture.client(as: fixture.alice)), locale: Locale(identifier: "en_GB"),
                now: { clock.date })
            let from = clock.date
            return StoreUnderTest(
                store, load: { await store.load(from: from, to: from.addingTimeInterval(7 * 86_400)) },
                refresh: { await store.refresh() },
                shown: { store.timetable.map { "\($0.sessions.map(\.name))" } })
        },
        StoreCase(name: "CreditsStore") { fixture in
            let store = CreditsStore(queries: CreditsQueries(client: fixture.client(as: fixture.alice)))
            return StoreUnderTest(
                store, load: { await store.load() }, refresh: { await store.refresh() },
                shown: { store.summary.map { "\($0.balance)" } })
        },
        StoreCase(name: "EventsStore") { surface(of: eventsStore($0)) },
        StoreCase(name: "HistoryStore") { surface(of: historyStore($0)) },
        StoreCase(name: "RatingsStore") { surface(of: ratingsStore($0)) },
        StoreCase(name: "WorkoutsStore") { surface(of: workoutsStore($0)) },
        StoreCase(name: "WaitlistStore") { fixture in
            let clock = fixture.clock
            let store = WaitlistStore(
                queries: WaitlistQueries(client: fixture.client(as: fixture.alice)), now: { clock.date })
            let classes = [fixture.fullClass, fixture.upcomingClass]
            return StoreUnderTest(
                store, load: { await store.load(sessionIds: classes) }, refresh: { await store.refresh() },
                shown: { store.state.lines.value.map { "\($0.values.map(\.waiting).sorted())" } })
        },
        StoreCase(name: "ClassDeskStore") { fixture in
            // Maya owns the London studio in the seed.
            let store = ClassDeskStore(
                sessionId: fixture.hotYoga, queries: DeskQueries(client: fixture.client(as: fixture.maya)))
            return StoreUnderTest(
                store, load: { await store.load() }, refresh: { await store.refresh() },
                shown: { store.roster.map { "\($0.map(\.displayName))" } })
        },
        StoreCase(name: "NotificationsStore") { fixture in
            let store = NotificationsStore(queries: NotificationsQueries(client: fixture.client(as: fixture.maya)))
            return StoreUnderTest(
                store, load: { await store.load() }, refresh: { await store.refresh() },
                shown: { store.state.notifications.value.map { "\($0.map(\.kind.rawValue))" } })
        },
        StoreCase(name: "HIITSessionStore") { fixture in
            let queries = HistoryQueries(client: fixture.client(as: fixture.alice))
            let store = HIITSessionStore(queries: queries, history: historyStore(fixture), clock: fixture.clock)
            return StoreUnderTest(
                store, load: { await store.load() }, refresh: { await store.refresh() },
                shown: { store.state.catalogue.value.map { "\($0.map(\.name))" } })
        },
    ]

    /// Every store that writes the member's own data.
    static let writing: [WritingStoreCase] = [
        WritingStoreCase(name: "EventsStore.add") { fixture in
            let store = eventsStore(fixture)
            let event = Event(title: "Race", date: fixture.clock.date.addingTimeInterval(86_400))
            return WritingStoreCase.Subject(
                store: surface(of: store), write: { try await store.add(event) },
                invalidWrite: { try await store.add(Event(title: "  ", date: event.date)) },
                isRefusal: WritingStoreCase.refusal(EventValidationError.blankTitle), refusedLocally: true,
                showsWrite: { store.events.contains { $0.id == event.id } })
        },
        WritingStoreCase(name: "EventsStore.update of an unknown event") { fixture in
            let store = eventsStore(fixture)
            let event = Event(title: "Race", date: fixture.clock.date.addingTimeInterval(86_400))
            let ghost = Event(title: "Ghost", date: event.date)
            return WritingStoreCase.Subject(
                store: surface(of: store), write: { try await store.add(event) },
                invalidWrite: { try await store.update(ghost) },
                isRefusal: WritingStoreCase.refusal(EventsError.eventNotFound(ghost.id)), refusedLocally: false,
                showsWrite: { store.events.contains { $0.id == event.id } })
        },
        WritingStoreCase(name: "RatingsStore.rate") { fixture in
            let store = ratingsStore(fixture)
            return WritingStoreCase.Subject(
                store: surface(of: store),
                write: { try await store.rate(4, exerciseId: try await firstExercise(fixture).id) },
                invalidWrite: { try await store.rate(6, exerciseId: UUID()) },
                isRefusal: WritingStoreCase.refusal(RatingError.outOfRange(6)), refusedLocally: true,
                showsWrite: { store.state.ratings.value?.values.contains(4) == true })
        },
        WritingStoreCase(name: "RatingsStore.rate of an unknown exercise") { fixture in
            let store = ratingsStore(fixture)
            let unknown = UUID()
            return WritingStoreCase.Subject(
                store: surface(of: store),
                write: { try await store.rate(4, exerciseId: try await firstExercise(fixture).id) },
                invalidWrite: { try await store.rate(3, exerciseId: unknown) },
                isRefusal: WritingStoreCase.refusal(RatingError.exerciseNotFound(unknown)), refusedLocally: false,
                showsWrite: { store.state.ratings.value?.values.contains(4) == true })
        },
        WritingStoreCase(name: "HistoryStore.record") { fixture in
            let store = historyStore(fixture)
            let unknown = Exercise(id: UUID(), position: 9, name: "Nope", videoName: "nope", durationSeconds: 30)
            return WritingStoreCase.Subject(
                store: surface(of: store), write: { try await store.record(try await firstExercise(fixture)) },
                invalidWrite: { try await store.record(unknown) },
                isRefusal: WritingStoreCase.refusal(HistoryError.exerciseNotFound(unknown.id)), refusedLocally: false,
                showsWrite: { store.days.flatMap(\.exerciseNames) == ["Squat"] })
        },
        WritingStoreCase(name: "WorkoutsStore.create") { fixture in
            let store = workoutsStore(fixture)
            let date = fixture.clock.date
            return WritingStoreCase.Subject(
                store: surface(of: store),
                write: { try await store.add(WorkoutDraft(title: "Legs", performedAt: date)) },
                invalidWrite: { try await store.add(WorkoutDraft(title: " ", performedAt: date)) },
                isRefusal: WritingStoreCase.refusal(WorkoutsError.blankTitle), refusedLocally: true,
                showsWrite: { store.workouts.map(\.title) == ["Legs"] })
        },
    ]

    // MARK: Stores

    static func firstExercise(_ fixture: FitFixture) async throws -> Exercise {
        try await HistoryQueries(client: fixture.anonymous).getExercises()[0]
    }

    static func eventsStore(_ fixture: FitFixture) -> EventsStore {
        let clock = fixture.clock
        return EventsStore(
            queries: EventsQueries(client: fixture.client(as: fixture.alice)), clock: clock, now: { clock.date })
    }

    static func historyStore(_ fixture: FitFixture) -> HistoryStore {
        let clock = fixture.clock
        return HistoryStore(
            queries: HistoryQueries(client: fixture.client(as: fixture.alice)),
            timeZone: TimeZone(identifier: fixture.alice.timeZone)!, now: { clock.date })
    }

    static func ratingsStore(_ fixture: FitFixture) -> RatingsStore {
        let clock = fixture.clock
        return RatingsStore(queries: RatingsQueries(client: fixture.client(as: fixture.alice)), now: { clock.date })
    }

    static func workoutsStore(_ fixture: FitFixture) -> WorkoutsStore {
        WorkoutsStore(queries: WorkoutsQueries(client: fixture.client(as: fixture.alice)))
    }

    // MARK: Surfaces

    static func surface(of store: EventsStore) -> StoreUnderTest {
        StoreUnderTest(
            store, load: { await store.load() }, refresh: { await store.refresh() },
            shown: { store.state.events.value.map { "\($0.map(\.title))" } })
    }

    static func surface(of store: HistoryStore) -> StoreUnderTest {
        StoreUnderTest(
            store, load: { await store.load() }, refresh: { await store.refresh() },
            shown: { store.state.history.value.map { "\($0.exercises.count) \($0.days.map(\.exerciseNames))" } })
    }

    static func surface(of store: RatingsStore) -> StoreUnderTest {
        StoreUnderTest(
            store, load: { await store.load() }, refresh: { await store.refresh() },
            shown: { store.state.ratings.value.map { "\($0.values.sorted())" } })
    }

    static func surface(of store: WorkoutsStore) -> StoreUnderTest {
        StoreUnderTest(
            store, load: { await store.load() }, refresh: { await store.refresh() },
            shown: { store.state.workouts.value.map { "\($0.map(\.title))" } })
    }
}
