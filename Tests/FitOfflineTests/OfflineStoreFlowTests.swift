import Booking
import Credits
import Events
import FitContract
import FitCore
import FitInMemory
import FitOffline
import FitTesting
import Foundation
import History
import Members
import SessionDetails
import Testing

/// Every store's flow against an offline-first client: loaded online, the network cut, used offline, the network
/// back and the outbox replayed. Time moves only on the test clock.
@Suite(.timeLimit(.minutes(10))) struct OfflineStoreFlowTests {
    @Test func aWriteQueuedOfflineShowsTheStoreOfflineAtOnceAndOneTheServerTakesShowsItOnline() async throws {
        let harness = try await OfflineHarness.make()
        defer { harness.cleanUp() }
        let store = EventsStore(queries: EventsQueries(client: harness.client), clock: harness.clock)
        let samples = FitFixture.sampleEvents()
        await store.load()
        let loadedAt = harness.clock.date
        #expect(store.offline == OfflineState(isOffline: false, lastSynced: loadedAt))

        harness.network.disconnect()
        harness.clock.advance(by: .seconds(60))
        try await store.add(samples[0])
        // No read since: the queued write alone says the device is offline, and what is shown is as of the load.
        #expect(store.offline == OfflineState(isOffline: true, lastSynced: loadedAt))
        #expect(harness.client.pendingChangeCount() == 1)

        harness.network.reconnect()
        #expect(await harness.client.sync().accepted == 1)
        try await store.add(samples[1])
        #expect(store.offline.isOffline == false)
        #expect(harness.client.pendingChangeCount() == 0)
    }

    @Test func eventsAddedEditedAndDeletedOfflineReachTheServerWhenTheNetworkIsBack() async throws {
        let harness = try await OfflineHarness.make()
        defer { harness.cleanUp() }
        let store = EventsStore(queries: EventsQueries(client: harness.client), clock: harness.clock)
        let samples = FitFixture.sampleEvents()
        for event in samples.prefix(2) { try await store.add(event) }
        await store.load()
        let loadedAt = harness.clock.date
        #expect(store.events.count == 2)
        #expect(store.offline.isOffline == false)
        #expect(store.offline.lastSynced == loadedAt)

        harness.network.disconnect()
        harness.clock.advance(by: .seconds(600))
        await store.load()
        #expect(store.error == nil)
        #expect(store.offline.isOffline)
        #expect(store.offline.lastSynced == loadedAt, "offline · updated 10 min ago")
        #expect(Set(store.events.map(\.id)) == Set(samples.prefix(2).map(\.id)))

        let added = try await store.add(samples[2])
        var edited = samples[0]
        edited.title = "Edited offline"
        try await store.update(edited)
        try await store.delete(id: samples[1].id)
        #expect(Set(store.events.map(\.title)) == [edited.title, added.title])
        #expect(harness.client.pendingChangeCount() == 3)
        #expect(
            Set(try await harness.serverRows("events").compactMap { $0["title"]?.stringValue })
                == Set(samples.prefix(2).map(\.title)), "nothing reached the server while offline")

        harness.network.reconnect()
        let report = await harness.client.sync()
        #expect(report.accepted == 3)
        #expect(report.pending == 0)
        #expect(report.rejected.isEmpty)
        let stored = try await harness.serverRows("events")
        #expect(Set(stored.compactMap { $0["title"]?.stringValue }) == [edited.title, added.title])
        await store.load()
        #expect(store.offline.isOffline == false)
        #expect(store.offline.lastSynced == harness.clock.date)
        #expect(Set(store.events.map(\.title)) == [edited.title, added.title])
    }

    @Test func theTimetableAndSessionDetailsReadOfflineButBookingNeedsTheServer() async throws {
        let harness = try await OfflineHarness.make()
        defer { harness.cleanUp() }
        let now = harness.clock.date
        let timetable = TimetableStore(
            queries: BookingQueries(client: harness.client), locale: Locale(identifier: "en_GB"),
            now: { [clock = harness.clock] in clock.date })
        await timetable.load(from: now, to: now.addingTimeInterval(7 * 86_400))
        let online = timetable.timetable?.sessions.map(\.id)
        #expect(online?.isEmpty == false)
        let details = SessionDetailsStore(
            sessionId: harness.fixture.upcomingClass, queries: SessionDetailsQueries(client: harness.client))
        await details.load(memberId: harness.alice.id)
        #expect(details.session?.name == "Yoga Flow")

        harness.network.disconnect()
        await timetable.load(from: now, to: now.addingTimeInterval(7 * 86_400))
        #expect(timetable.error == nil)
        #expect(timetable.offline.isOffline)
        #expect(timetable.offline.lastSynced == now)
        #expect(timetable.timetable?.sessions.map(\.id) == online)
        await details.load(memberId: harness.alice.id)
        #expect(details.error == nil)
        #expect(details.offline.isOffline)
        #expect(details.session?.name == "Yoga Flow")

        await #expect(throws: OfflineError.self) {
            try await BookingQueries(client: harness.client).bookSession(id: harness.fixture.upcomingClass)
        }
        #expect(harness.client.pendingChangeCount() == 0, "nothing the member would think happened")
        harness.network.reconnect()
        let bookings: [JSONValue] = try await harness.fixture.service.from("bookings").select()
            .eq("member_id", value: harness.alice.id).execute().value
        #expect(bookings.isEmpty)
    }

    @Test func aServiceRoleClientKeepsEveryMembersRowsOffline() async throws {
        let harness = try await OfflineHarness.make()
        defer { harness.cleanUp() }
        let clock = harness.clock
        let back = try OfflineFirstClient(
            remote: harness.network.client(harness.fixture.service),
            replicaURL: harness.directory.appendingPathComponent("back-office.json"),
            policy: FitKitContract.replicaPolicy, clock: clock,
            now: { clock.date })
        let online = try await MembersQueries(client: back).getMembers()
        #expect(online.count == harness.fixture.members.count)
        harness.network.disconnect()
        let offline = try await MembersQueries(client: back).getMembers()
        #expect(offline.map(\.id) == online.map(\.id))
    }

    @Test func theCreditSummaryShowsItsLastAnswerOffline() async throws {
        let harness = try await OfflineHarness.make()
        defer { harness.cleanUp() }
        let store = CreditsStore(queries: CreditsQueries(client: harness.client))
        await store.load()
        let balance = store.summary?.balance
        #expect(balance == 20)
        harness.network.disconnect()
        harness.clock.advance(by: .seconds(60))
        await store.load()
        #expect(store.error == nil)
        #expect(store.offline.isOffline)
        #expect(store.summary?.balance == 20)
        #expect(store.offline.lastSynced == harness.clock.date.addingTimeInterval(-60))
    }

    @Test func aWorkoutLoggedAndExercisesRatedAndCompletedOfflineAreReplayed() async throws {
        let harness = try await OfflineHarness.make()
        defer { harness.cleanUp() }
        let clock = harness.clock
        let history = HistoryStore(
            queries: HistoryQueries(client: harness.client), timeZone: TimeZone(identifier: "UTC")!,
            now: { clock.date })
        let hiit = HIITSessionStore(queries: HistoryQueries(client: harness.client), history: history, clock: clock)
        let ratings = RatingsStore(queries: RatingsQueries(client: harness.client), now: { clock.date })
        let workouts = WorkoutsStore(queries: WorkoutsQueries(client: harness.client))
        await hiit.load()
        await history.load()
        await ratings.load()
        await workouts.load()
        let exercise = try #require(hiit.exercises.first)

        harness.network.disconnect()
        await hiit.load()
        #expect(hiit.offline.isOffline)
        #expect(hiit.exercises.first == exercise, "the catalogue is there offline")
        _ = try await history.record(exercise)
        try await ratings.rate(4, exerciseId: exercise.id)
        let workout = try await workouts.add(WorkoutDraft(title: "Gym, no signal", performedAt: clock.date))
        #expect(history.days.flatMap(\.entries).count == 1)
        #expect(ratings.rating(for: exercise.id).value == 4)
        #expect(workouts.workouts.map(\.id) == [workout.id])
        #expect(harness.client.pendingChangeCount() == 3)

        harness.network.reconnect()
        let report = await harness.client.sync()
        #expect(report.accepted == 3)
        #expect(report.pending == 0)
        #expect(try await harness.serverRows("exercise_history").count == 1)
        #expect(try await harness.serverRows("exercise_ratings").first?["rating"] == 4)
        #expect(
            try await harness.serverRows("workouts").first?["id"]?.stringValue == workout.id.uuidString.lowercased())
        await workouts.load()
        #expect(workouts.offline.isOffline == false)
        #expect(workouts.workouts.map(\.id) == [workout.id])
    }
}
