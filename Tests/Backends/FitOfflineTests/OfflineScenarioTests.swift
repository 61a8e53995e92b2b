import Booking
import Credits
import Events
import FitContract
import FitCore
import FitOffline
import FitStores
import FitTesting
import Foundation
import History
import Members
import ScenarioBackends
import SessionDetails
import Testing

/// FitOffline's offline-first client in front of every backend (in memory, PostgreSQL, FitSupabase over HTTP),
/// written once: stores used offline, the outbox replayed, a server failing at any point of a replay, refusals,
/// two devices converging, reads from the replica, and what needs the server. The network is the session's rig
/// (``ScenarioSession/rig``); time moves only on the session's clock.
@Suite(.timeLimit(.minutes(10))) struct OfflineScenarioTests {
    static let backends = ScenarioBackend.available.map(\.offlineFirst)

    /// A member with no rows yet, and their device.
    static func newcomer(_ session: ScenarioSession) async throws -> (member: Member, device: OfflineFirstClient) {
        let member = try #require(
            try await session.backOffice.createAccounts([NewAccount(email: "offline-\(UUID())@example.com")]).first)
        return (member, try session.device(member.id))
    }

    /// FitFixture's sample events around the session's clock, with ids of their own (sessions share a server).
    static func events(_ session: ScenarioSession) -> [Event] {
        FitFixture.sampleEvents(around: session.clock.date).map { event in
            var event = event
            event.id = UUID()
            return event
        }
    }

    static func titles(_ rows: [[String: JSONValue]]) -> [String] {
        rows.compactMap { $0["title"]?.stringValue }.sorted()
    }

    static func utcHistory(_ client: some DatabaseClient, _ clock: TestClock) -> HistoryStore {
        HistoryStore(
            queries: HistoryQueries(client: client), timeZone: TimeZone(identifier: "UTC")!, now: { clock.date })
    }

    /// Queues eight changes on a newcomer's device while the network is cut: three new events (one batch), an edit of
    /// an event made online, a deletion, a rating and two completions (another batch). Returns what the server must
    /// hold once they are replayed.
    static func queueChanges(
        _ session: ScenarioSession, on device: OfflineFirstClient
    ) async throws -> (titles: [String], exercises: [UUID]) {
        let events = EventsQueries(client: device)
        let history = HistoryQueries(client: device)
        let exercises = try await history.getExercises()
        let samples = Self.events(session)
        _ = try await events.createEvent(samples[3])
        session.rig.disconnect()
        for event in samples.prefix(3) { _ = try await events.createEvent(event) }
        var edited = samples[3]
        edited.title = "Edited offline"
        _ = try await events.updateEvent(edited)
        _ = try await events.deleteEvents(ids: [samples[0].id])
        _ = try await RatingsQueries(client: device).saveRating(5, exerciseId: exercises[0].id, at: session.clock.date)
        for exercise in exercises.prefix(2) {
            _ = try await history.createCompletion(exerciseId: exercise.id, completedAt: session.clock.date)
        }
        session.rig.reconnect()
        return ((["Edited offline"] + samples[1...2].map(\.title)).sorted(), exercises.prefix(2).map(\.id))
    }

    @Test("a clean replay sends the changes in order, inserts batched: 8 changes in 5 requests", arguments: backends)
    func aCleanReplay(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let (member, device) = try await Self.newcomer(session)
            let expected = try await Self.queueChanges(session, on: device)
            #expect(device.pendingChangeCount() == 8)
            let report = await device.sync()
            #expect(report == SyncReport(accepted: 8, rejected: [], pending: 0, requests: 5, stoppedBecause: nil))
            #expect(Self.titles(try await session.storedRows("events", of: member.id)) == expected.titles)
            let ratings = try await session.storedRows("exercise_ratings", of: member.id)
            #expect(ratings.map { $0["rating"] } == [5])
            let completions = try await session.storedRows("exercise_history", of: member.id)
            #expect(Set(completions.compactMap { $0["exercise_id"] }) == Set(expected.exercises.map(\.wire)))
            #expect(completions.count == 2)
            #expect(await device.sync().requests == 0, "nothing left to send")
        }
    }

    /// Where a request of the replay fails: before it reaches the server, or after the server ran it.
    enum FaultPoint: String, CaseIterable, Sendable {
        case beforeDelivery = "before delivery"
        case afterDelivery = "answer lost"

        var fault: Fault { self == .beforeDelivery ? .unreachable : .lostAnswer }
    }

    static let everyPoint: [(ScenarioBackend, Int, FaultPoint)] = backends.flatMap { backend in
        (0..<5).flatMap { request in FaultPoint.allCases.map { (backend, request, $0) } }
    }

    @Test("a server failing at any request of a replay ends with every change stored once", arguments: everyPoint)
    func aFaultAtAnyPointOfTheReplay(backend: ScenarioBackend, request: Int, point: FaultPoint) async throws {
        try await backend.with { session in
            let (member, device) = try await Self.newcomer(session)
            let expected = try await Self.queueChanges(session, on: device)
            session.rig.injectFault(point.fault, skipping: request)
            let first = await device.sync()
            let second = await device.sync()
            #expect(first.pending > 0, "the fault stopped the first replay")
            #expect(first.stoppedBecause != nil)
            #expect(first.accepted + second.accepted == 8, "every change accepted exactly once")
            #expect(second.pending == 0)
            #expect(first.rejected.isEmpty && second.rejected.isEmpty)
            #expect(Self.titles(try await session.storedRows("events", of: member.id)) == expected.titles)
            #expect(try await session.storedRows("exercise_ratings", of: member.id).map { $0["rating"] } == [5])
            #expect(try await session.storedRows("exercise_history", of: member.id).count == 2)
            // The replica shows what the server has.
            session.rig.disconnect()
            #expect(try await EventsQueries(client: device).getEvents().map(\.title).sorted() == expected.titles)
        }
    }

    @Test(
        "stores used while the network is cut show their changes at once; the server gets each once",
        arguments: backends)
    func storesWorkOffline(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let (member, device) = try await Self.newcomer(session)
            let clock = session.clock
            let events = EventsStore(queries: EventsQueries(client: device), clock: clock, now: { clock.date })
            let workouts = WorkoutsStore(queries: WorkoutsQueries(client: device))
            let ratings = RatingsStore(queries: RatingsQueries(client: device), now: { clock.date })
            let history = Self.utcHistory(device, clock)
            let hiit = HIITSessionStore(queries: HistoryQueries(client: device), history: history, clock: clock)
            let samples = Self.events(session)
            try await events.add(samples[0])
            try await events.add(samples[1])
            await events.load()
            await workouts.load()
            await ratings.load()
            await history.load()
            await hiit.load()
            let loadedAt = clock.date
            #expect(events.offline == OfflineState(isOffline: false, lastSynced: loadedAt))
            #expect(!workouts.offline.isOffline && !ratings.offline.isOffline && !history.offline.isOffline)
            let squat = try #require(history.exercises.first)

            session.rig.disconnect()
            clock.advance(by: .seconds(60))
            await hiit.load()
            #expect(hiit.offline.isOffline && hiit.exercises.first == squat, "the catalogue is there offline")
            let added = try await events.add(samples[2])
            // No read since: the queued write alone says the device is offline; what is shown is as of the load.
            #expect(events.offline == OfflineState(isOffline: true, lastSynced: loadedAt))
            var edited = samples[0]
            edited.title = "Edited offline"
            try await events.update(edited)
            try await events.delete(id: samples[1].id)
            let workout = try await workouts.add(WorkoutDraft(title: "Gym, no signal", performedAt: clock.date))
            try await ratings.rate(4, exerciseId: squat.id)
            let completion = try await history.record(squat)
            #expect(events.events.map(\.title).sorted() == [added.title, edited.title].sorted())
            #expect(workouts.workouts.map(\.id) == [workout.id])
            #expect(ratings.rating(for: squat.id).value == 4)
            #expect(history.days.flatMap(\.entries).map(\.exerciseId) == [squat.id])
            #expect(device.pendingChangeCount() == 6)
            #expect(await device.isReachable() == false)
            #expect(
                Self.titles(try await session.storedRows("events", of: member.id))
                    == samples.prefix(2).map(\.title).sorted(), "nothing reached the server while cut")
            #expect(try await session.storedRows("workouts", of: member.id).isEmpty)

            session.rig.reconnect()
            let report = await device.sync()
            #expect(report.accepted == 6)
            #expect(report.pending == 0 && report.rejected.isEmpty && report.stoppedBecause == nil)
            #expect(
                Self.titles(try await session.storedRows("events", of: member.id))
                    == [added.title, edited.title].sorted())
            #expect(try await session.storedRows("workouts", of: member.id).map { $0["id"] } == [workout.id.wire])
            #expect(try await session.storedRows("exercise_ratings", of: member.id).map { $0["rating"] } == [4])
            #expect(
                try await session.storedRows("exercise_history", of: member.id).map { $0["id"] }
                    == [completion.id.wire])

            await events.load()
            await workouts.load()
            await ratings.load()
            await history.load()
            #expect(events.offline == OfflineState(isOffline: false, lastSynced: clock.date) && events.error == nil)
            #expect(events.events.map(\.title).sorted() == [added.title, edited.title].sorted())
            #expect(!workouts.offline.isOffline && workouts.workouts.map(\.title) == ["Gym, no signal"])
            #expect(!ratings.offline.isOffline && ratings.rating(for: squat.id).value == 4)
            #expect(!history.offline.isOffline && history.days.flatMap(\.entries).count == 1)
        }
    }

    @Test(
        "while cut, the timetable, a session's details and the credits load from the replica as of the last load",
        arguments: backends)
    func readsWhileCutComeFromTheReplica(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let seed = session.seed
            let clock = session.clock
            let device = try session.device(seed.alice.id)
            let timetable = TimetableStore(
                queries: BookingQueries(client: device), locale: Locale(identifier: "en_GB"), now: { clock.date })
            let details = SessionDetailsStore(
                sessionId: seed.upcomingClass, queries: SessionDetailsQueries(client: device))
            let credits = CreditsStore(queries: CreditsQueries(client: device))
            let from = clock.date
            let to = from.addingTimeInterval(7 * 86_400)
            await timetable.load(from: from, to: to, studioId: seed.londonStudio)
            await details.load(memberId: seed.alice.id)
            await credits.load()
            let loadedAt = clock.date
            func ruleClasses() -> [UUID]? {
                timetable.timetable?.sessions.map(\.sessionId).filter(seed.ruleClasses.contains)
            }
            let online = try #require(ruleClasses())
            #expect(
                online == [
                    seed.soonClass, seed.cancelledClass, seed.fullClass, seed.upcomingClass, seed.freeClass,
                    seed.expensiveClass,
                ])
            let name = try #require(details.session?.name)
            let balance = try #require(credits.summary?.balance)
            #expect(timetable.offline == OfflineState(isOffline: false, lastSynced: loadedAt))

            clock.advance(by: .seconds(600))
            session.rig.disconnect()
            await timetable.load(from: from, to: to, studioId: seed.londonStudio)
            await details.load(memberId: seed.alice.id)
            await credits.load()
            #expect(timetable.error == nil && details.error == nil && credits.error == nil)
            #expect(timetable.offline == OfflineState(isOffline: true, lastSynced: loadedAt), "updated 10 min ago")
            #expect(details.offline.isOffline && credits.offline.isOffline)
            #expect(ruleClasses() == online)
            #expect(timetable.timetable?.sessions.first { $0.sessionId == seed.upcomingClass }?.spotsRemaining == 10)
            #expect(details.session?.name == name)
            #expect(credits.summary?.balance == balance)
            #expect(await device.isReachable() == false)

            session.rig.reconnect()
            await timetable.load(from: from, to: to, studioId: seed.londonStudio)
            #expect(timetable.error == nil)
            #expect(timetable.offline == OfflineState(isOffline: false, lastSynced: clock.date))
            #expect(ruleClasses() == online)
        }
    }

    @Test(
        "booking while cut fails at once and queues nothing; once restored the same device books", arguments: backends)
    func bookingNeedsTheServer(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let seed = session.seed
            let device = try session.device(seed.alice.id)
            let booking = BookingQueries(client: device)
            _ = try await booking.getTimetable(
                from: session.clock.date, to: session.clock.date.addingTimeInterval(86_400))

            session.rig.disconnect()
            let error = await #expect(throws: OfflineError.self) {
                try await booking.bookSession(id: seed.upcomingClass)
            }
            guard case .requiresServer(let what, _)? = error else {
                Issue.record("expected requiresServer, got \(String(describing: error))")
                return
            }
            #expect(what == "book_session")
            #expect(device.pendingChangeCount() == 0, "nothing the member would think happened")
            let active = { () async throws -> Int in
                let rows: [JSONValue] = try await session.service.from("bookings").select("id")
                    .eq("member_id", value: seed.alice.id).eq("class_session_id", value: seed.upcomingClass)
                    .eq("status", value: "active").execute().value
                return rows.count
            }
            #expect(try await active() == 0)

            session.rig.reconnect()
            let booked = try await booking.bookSession(id: seed.upcomingClass)
            #expect(booked.classSessionId == seed.upcomingClass && booked.memberId == seed.alice.id)
            #expect(booked.status == .active)
            #expect(try await active() == 1)
            #expect(await device.isReachable())
        }
    }

    @Test(
        "a completion the server refuses (23503) leaves the outbox and the replica; the store reports it",
        arguments: backends)
    func aRefusedChangeIsDroppedAndReported(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let (member, device) = try await Self.newcomer(session)
            let history = Self.utcHistory(device, session.clock)
            await history.load()
            #expect(history.state.history.value?.completions.isEmpty == true)

            session.rig.disconnect()
            let ghost = Exercise(position: 9_999, name: "Ghost", videoName: "ghost", durationSeconds: 30)
            let completion = try await history.record(ghost)
            #expect(history.days.flatMap(\.entries).count == 1, "applied locally at once")
            #expect(device.pendingChangeCount() == 1)

            session.rig.reconnect()
            let report = await device.sync()
            #expect(report.accepted == 0 && report.pending == 0 && report.stoppedBecause == nil)
            let rejected = try #require(report.rejected.first)
            #expect(report.rejected.count == 1)
            #expect(rejected.table == "exercise_history")
            #expect(rejected.operation == "insert")
            #expect(rejected.error.code == "23503")
            #expect(rejected.keys == [["id": completion.id.wire]])
            #expect(try await session.storedRows("exercise_history", of: member.id).isEmpty)

            await history.load()
            #expect(history.days.flatMap(\.entries).isEmpty, "the replica took the server's rows back")
            #expect(history.offline.rejectedChanges.map(\.id) == [rejected.id])
            #expect(await device.rejectedChanges() == [rejected])
            session.rig.disconnect()
            await history.load()
            #expect(history.offline.isOffline && history.error == nil)
            #expect(history.days.flatMap(\.entries).isEmpty, "the refused row is gone from the replica too")
        }
    }

    @Test("one refused row of a batched insert drops only that change", arguments: backends)
    func oneRefusedRowOfABatch(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let (member, device) = try await Self.newcomer(session)
            let history = HistoryQueries(client: device)
            let exercises = try await history.getExercises()
            session.rig.disconnect()
            for exercise in [exercises[0].id, UUID(), exercises[1].id] {
                _ = try await history.createCompletion(exerciseId: exercise, completedAt: session.clock.date)
            }
            session.rig.reconnect()
            let report = await device.sync()
            #expect(report.accepted == 2)
            #expect(report.rejected.map(\.error.code) == ["23503"])
            #expect(report.pending == 0)
            // The batch of three went first, then each change alone: 1 + 3 requests, and a read of the refused key.
            #expect(report.requests == 5)
            let stored = try await session.storedRows("exercise_history", of: member.id)
            #expect(Set(stored.compactMap { $0["exercise_id"] }) == Set(exercises.prefix(2).map { $0.id.wire }))
        }
    }

    static let syncOrders: [(ScenarioBackend, Bool)] = backends.flatMap { [($0, true), ($0, false)] }

    @Test(
        "two devices that edited one row offline both end with the later edit, whichever syncs first",
        arguments: syncOrders)
    func theLaterEditWins(backend: ScenarioBackend, laterDeviceSyncsFirst: Bool) async throws {
        try await backend.with { session in
            let (member, first) = try await Self.newcomer(session)
            let (second, secondNetwork) = try session.newDevice(member.id)
            let event = Self.events(session)[0]
            _ = try await EventsQueries(client: first).createEvent(event)
            _ = try await EventsQueries(client: second).getEvents()

            session.rig.disconnect()
            secondNetwork.disconnect()
            var earlier = event
            earlier.title = "Earlier edit (first device)"
            _ = try await EventsQueries(client: first).updateEvent(earlier)
            session.clock.advance(by: .seconds(60))
            var later = event
            later.title = "Later edit (second device)"
            _ = try await EventsQueries(client: second).updateEvent(later)

            session.rig.reconnect()
            secondNetwork.reconnect()
            for device in laterDeviceSyncsFirst ? [second, first] : [first, second] {
                let report = await device.sync()
                #expect(report.accepted == 1, "a losing edit is accepted (the server keeps the newer row), not refused")
                #expect(report.pending == 0)
            }
            #expect(Self.titles(try await session.storedRows("events", of: member.id)) == [later.title])
            // After their next read, both replicas hold the winner: read them offline.
            for device in [first, second] { _ = try await EventsQueries(client: device).getEvents() }
            session.rig.disconnect()
            secondNetwork.disconnect()
            for device in [first, second] {
                #expect(try await EventsQueries(client: device).getEvents().map(\.title) == [later.title])
            }
        }
    }

    @Test("an edit of a row another device deleted leaves it deleted everywhere", arguments: backends)
    func anEditOfADeletedRow(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let (member, first) = try await Self.newcomer(session)
            let (second, _) = try session.newDevice(member.id)
            let event = Self.events(session)[0]
            _ = try await EventsQueries(client: first).createEvent(event)
            _ = try await EventsQueries(client: second).getEvents()
            session.rig.disconnect()
            var edited = event
            edited.title = "Edited offline"
            _ = try await EventsQueries(client: first).updateEvent(edited)
            _ = try await EventsQueries(client: second).deleteEvents(ids: [event.id])

            session.rig.reconnect()
            #expect(await first.sync().accepted == 1)
            #expect(try await session.storedRows("events", of: member.id).isEmpty, "the edit does not bring it back")
            session.rig.disconnect()
            #expect(try await EventsQueries(client: first).getEvents().isEmpty)
        }
    }

    @Test("the next request that reaches the server replays the outbox first", arguments: backends)
    func theNextRequestReplaysFirst(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let (member, device) = try await Self.newcomer(session)
            session.rig.disconnect()
            let event = try await EventsQueries(client: device).createEvent(Self.events(session)[0])
            session.rig.reconnect()
            #expect(try await EventsQueries(client: device).getEvents().map(\.id) == [event.id])
            #expect(device.pendingChangeCount() == 0)
            #expect(try await session.storedRows("events", of: member.id).count == 1)
        }
    }

    @Test(
        "a following store shows the replica when the connection drops and catches up when it is back",
        arguments: backends.filter(\.canFollow))
    func aFollowingStoreGoesOfflineAndCatchesUp(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let (member, device) = try await Self.newcomer(session)
            let samples = Self.events(session)
            let store = EventsStore(queries: EventsQueries(client: device), clock: session.clock)
            let following = Task { await store.follow() }
            defer { following.cancel() }
            await waitUntil { store.state.events.hasValue }

            // Another window writes: the store follows.
            let otherWindow = EventsQueries(client: session.directClient(member.id))
            _ = try await otherWindow.createEvent(samples[0])
            await waitUntil { store.events.map(\.id) == [samples[0].id] }
            #expect(store.offline.isOffline == false)

            // The connection drops: the store reloads from the replica.
            session.rig.disconnect()
            await waitUntil { store.offline.isOffline }
            #expect(store.events.map(\.id) == [samples[0].id])
            #expect(store.error == nil)

            // Meanwhile another device writes; the feed comes back after its back-off and the store catches up.
            _ = try await otherWindow.createEvent(samples[1])
            session.rig.reconnect()
            await session.retryClock.waitForSleepers(count: 1)
            session.retryClock.advance(by: .seconds(1))
            await waitUntil { !store.offline.isOffline && store.events.count == 2 }
            #expect(Set(store.events.map(\.id)) == [samples[0].id, samples[1].id])

            // An offline write shows at once and waits in the outbox.
            session.rig.disconnect()
            await waitUntil { store.offline.isOffline }
            try await store.add(samples[2])
            #expect(store.events.count == 3)
            #expect(device.pendingChangeCount() == 1)
        }
    }
}
