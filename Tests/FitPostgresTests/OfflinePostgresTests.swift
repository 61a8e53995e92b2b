#if Postgres
    import FitContract
    import Booking
    import Events
    import FitCore
    import FitOffline
    import FitPostgres
    import FitTesting
    import Foundation
    import History
    import Testing

    /// FitOffline's `OfflineFirstClient` with real PostgreSQL as the remote: the device's pool reaches the server
    /// through a ``TCPProxy`` the test cuts and restores, and a second pool, straight to the server, shows what the
    /// server really stored. Time moves only on the test clock; every wait is a request or a load that must finish.
    @Suite(
        "Offline-first client over PostgreSQL through a proxy the test cuts", PostgresTestEnvironment.enabled,
        .timeLimit(.minutes(10)))
    struct OfflinePostgresTests {
        @Test(
            "changes made while the network is cut are shown at once and reach the server exactly once when it is back")
        func changesMadeOfflineReachTheServerOnce() async throws {
            try await ProxiedDevice.run { device in
                let clock = device.clock
                let client = device.client
                let events = EventsStore(queries: EventsQueries(client: client), clock: clock, now: { clock.date })
                let workouts = WorkoutsStore(queries: WorkoutsQueries(client: client))
                let ratings = RatingsStore(queries: RatingsQueries(client: client), now: { clock.date })
                let history = HistoryStore(
                    queries: HistoryQueries(client: client), timeZone: TimeZone(identifier: "UTC")!,
                    now: { clock.date })
                await events.load()
                await workouts.load()
                await ratings.load()
                await history.load()
                #expect(events.offline.isOffline == false && workouts.offline.isOffline == false)
                #expect(ratings.offline.isOffline == false && history.offline.isOffline == false)
                let squat = try #require(history.exercises.first)

                await device.proxy.cut()
                clock.advance(by: .seconds(60))
                let race = try await events.add(Event(title: "Race", date: clock.date.addingTimeInterval(86_400)))
                let party = try await events.add(Event(title: "Party", date: clock.date.addingTimeInterval(7_200)))
                let workout = try await workouts.add(WorkoutDraft(title: "Gym, no signal", performedAt: clock.date))
                try await ratings.rate(4, exerciseId: squat.id)
                let completion = try await history.record(squat)

                #expect(Set(events.events.map(\.id)) == [race.id, party.id])
                #expect(workouts.workouts.map(\.id) == [workout.id])
                #expect(ratings.rating(for: squat.id).value == 4)
                #expect(history.days.flatMap(\.entries).map(\.exerciseId) == [squat.id])
                #expect(client.pendingChangeCount() == 5)
                #expect(await client.isReachable() == false)
                #expect(try await device.storedCount("events", ids: [race.id, party.id]) == 0)
                #expect(try await device.storedCount("workouts", ids: [workout.id]) == 0)
                #expect(try await device.storedCount("exercise_history", ids: [completion.id]) == 0)
                #expect(try await device.storedRatings(of: squat.id).isEmpty)

                device.proxy.restore()
                let report = await client.sync()
                #expect(report.accepted == 5)
                #expect(report.pending == 0)
                #expect(report.rejected.isEmpty)
                #expect(report.stoppedBecause == nil)
                #expect(client.pendingChangeCount() == 0)
                #expect(try await device.storedCount("events", ids: [race.id]) == 1)
                #expect(try await device.storedCount("events", ids: [party.id]) == 1)
                #expect(try await device.storedCount("workouts", ids: [workout.id]) == 1)
                #expect(try await device.storedCount("exercise_history", ids: [completion.id]) == 1)
                #expect(try await device.storedRatings(of: squat.id) == [4])

                // A second sync has nothing left to send.
                let again = await client.sync()
                #expect(again.accepted == 0 && again.requests == 0)

                await events.load()
                await workouts.load()
                await ratings.load()
                await history.load()
                #expect(events.offline.isOffline == false && events.error == nil)
                #expect(events.offline.lastSynced == clock.date)
                #expect(Set(events.events.map(\.title)) == ["Race", "Party"])
                #expect(workouts.offline.isOffline == false && workouts.workouts.map(\.title) == ["Gym, no signal"])
                #expect(ratings.offline.isOffline == false && ratings.rating(for: squat.id).value == 4)
                #expect(history.offline.isOffline == false && history.days.flatMap(\.entries).count == 1)
            }
        }

        @Test("while cut, the timetable and events load from the replica as of the last online load")
        func readsWhileCutComeFromTheReplica() async throws {
            try await ProxiedDevice.run { device in
                let clock = device.clock
                let client = device.client
                let seed = device.seed
                let timetable = TimetableStore(
                    queries: BookingQueries(client: client), locale: Locale(identifier: "en_GB"),
                    now: { clock.date })
                let events = EventsStore(queries: EventsQueries(client: client), clock: clock, now: { clock.date })
                let from = clock.date
                let to = from.addingTimeInterval(7 * 86_400)
                let race = try await events.add(Event(title: "Race", date: from.addingTimeInterval(86_400)))
                await timetable.load(from: from, to: to, studioId: seed.londonStudio)
                await events.load()
                let loadedAt = clock.date
                // The classes for every booking rule: the week's other classes sit at fixed local times, and one may
                // start during the ten minutes this test moves the clock.
                func ruleClasses() -> [UUID]? {
                    timetable.timetable?.sessions.map(\.sessionId).filter(seed.ruleClasses.contains)
                }
                let online = try #require(ruleClasses())
                #expect(
                    online == [
                        seed.soonClass, seed.cancelledClass, seed.fullClass, seed.upcomingClass, seed.freeClass,
                        seed.expensiveClass,
                    ])
                #expect(timetable.offline.isOffline == false && timetable.offline.lastSynced == loadedAt)
                #expect(events.offline.isOffline == false && events.events.map(\.id) == [race.id])

                clock.advance(by: .seconds(600))
                await device.proxy.cut()
                await timetable.load(from: from, to: to, studioId: seed.londonStudio)
                await events.load()
                #expect(timetable.error == nil)
                #expect(timetable.offline.isOffline)
                #expect(timetable.offline.lastSynced == loadedAt, "offline · updated 10 min ago")
                #expect(ruleClasses() == online)
                #expect(
                    timetable.timetable?.sessions.first { $0.sessionId == seed.upcomingClass }?.spotsRemaining == 10)
                #expect(events.error == nil)
                #expect(events.offline.isOffline)
                #expect(events.offline.lastSynced == loadedAt)
                #expect(events.events.map(\.id) == [race.id])
                #expect(await client.isReachable() == false)

                device.proxy.restore()
                await timetable.load(from: from, to: to, studioId: seed.londonStudio)
                #expect(timetable.error == nil)
                #expect(timetable.offline.isOffline == false)
                #expect(timetable.offline.lastSynced == clock.date)
                #expect(ruleClasses() == online)
            }
        }

        @Test("booking while cut fails at once and queues nothing; once restored the same client books")
        func bookingNeedsTheServer() async throws {
            try await ProxiedDevice.run { device in
                let client = device.client
                let seed = device.seed
                let booking = BookingQueries(client: client)
                let timetable = TimetableStore(
                    queries: booking, locale: Locale(identifier: "en_GB"), now: { device.clock.date })
                await timetable.load(from: device.clock.date, to: device.clock.date.addingTimeInterval(86_400 * 7))
                #expect(timetable.offline.isOffline == false)

                await device.proxy.cut()
                let error = await #expect(throws: OfflineError.self) {
                    try await booking.bookSession(id: seed.upcomingClass)
                }
                guard case .requiresServer(let what, let reason)? = error else {
                    Issue.record("expected requiresServer, got \(String(describing: error))")
                    return
                }
                #expect(what == "book_session")
                #expect(reason.contains("08006"))
                #expect(client.pendingChangeCount() == 0, "nothing the member would think happened")
                #expect(try await device.storedBookings(of: seed.upcomingClass) == 0)

                device.proxy.restore()
                let booked = try await booking.bookSession(id: seed.upcomingClass)
                #expect(booked.classSessionId == seed.upcomingClass)
                #expect(booked.memberId == seed.alice.id)
                #expect(booked.status == .active)
                #expect(try await device.storedBookings(of: seed.upcomingClass) == 1)
                #expect(await client.isReachable())
                #expect(client.pendingChangeCount() == 0)
            }
        }

        @Test("a completion the server refuses (23503) leaves the outbox and the replica; the next load reports it")
        func aRefusedChangeIsDroppedAndReported() async throws {
            try await ProxiedDevice.run { device in
                let clock = device.clock
                let client = device.client
                let history = HistoryStore(
                    queries: HistoryQueries(client: client), timeZone: TimeZone(identifier: "UTC")!,
                    now: { clock.date })
                await history.load()
                #expect(history.offline.isOffline == false && history.state.history.value?.completions.isEmpty == true)

                await device.proxy.cut()
                let ghost = Exercise(position: 9_999, name: "Ghost", videoName: "ghost", durationSeconds: 30)
                let completion = try await history.record(ghost)
                #expect(history.state.history.value?.completions.map(\.id) == [completion.id])
                #expect(client.pendingChangeCount() == 1)

                device.proxy.restore()
                let report = await client.sync()
                #expect(report.accepted == 0)
                #expect(report.pending == 0)
                #expect(report.stoppedBecause == nil)
                let rejected = try #require(report.rejected.first)
                #expect(report.rejected.count == 1)
                #expect(rejected.table == "exercise_history")
                #expect(rejected.operation == "insert")
                #expect(rejected.error.code == "23503")
                #expect(rejected.keys == [["id": completion.id.wire]])
                #expect(client.pendingChangeCount() == 0)
                #expect(try await device.storedCount("exercise_history", ids: [completion.id]) == 0)

                // The replica, read while cut again, no longer has the row; the load reports the refusal.
                await device.proxy.cut()
                await history.load()
                #expect(history.offline.isOffline)
                #expect(history.error == nil)
                #expect(history.state.history.value?.completions.isEmpty == true)
                #expect(history.offline.rejectedChanges.map(\.id) == [rejected.id])
                #expect(history.offline.rejectedChanges.first?.error.code == "23503")
                #expect(await client.rejectedChanges().map(\.id) == [rejected.id])

                device.proxy.restore()
                await history.load()
                #expect(history.offline.isOffline == false)
                #expect(history.state.history.value?.completions.isEmpty == true)
            }
        }

        @Test(
            "a cut in the middle of a replay leaves the rest queued; the next sync sends it; every row is stored once")
        func aCutMidReplayLeavesTheRestQueued() async throws {
            try await ProxiedDevice.run { device in
                let clock = device.clock
                let client = device.client
                let workouts = WorkoutsStore(queries: WorkoutsQueries(client: client))
                let history = HistoryStore(
                    queries: HistoryQueries(client: client), timeZone: TimeZone(identifier: "UTC")!,
                    now: { clock.date })
                await workouts.load()
                await history.load()
                let squat = try #require(history.exercises.first)

                await device.proxy.cut()
                let workout = try await workouts.add(WorkoutDraft(title: "Legs", performedAt: clock.date))
                let completion = try await history.record(squat)
                #expect(client.pendingChangeCount() == 2)

                // The replay's first request (the workout) is answered; then the network goes.
                device.proxy.restore()
                device.cutAfterAnswers(1)
                let interrupted = await client.sync()
                #expect(device.proxy.isCut)
                #expect(interrupted.accepted == 1)
                #expect(interrupted.pending == 1)
                #expect(interrupted.requests == 2)
                #expect(interrupted.rejected.isEmpty)
                #expect(interrupted.stoppedBecause?.contains("08006") == true)
                #expect(client.pendingChangeCount() == 1)
                #expect(try await device.storedCount("workouts", ids: [workout.id]) == 1)
                #expect(try await device.storedCount("exercise_history", ids: [completion.id]) == 0)

                device.proxy.restore()
                let resumed = await client.sync()
                #expect(resumed.accepted == 1)
                #expect(resumed.pending == 0)
                #expect(resumed.stoppedBecause == nil)
                #expect(client.pendingChangeCount() == 0)
                #expect(try await device.storedCount("workouts", ids: [workout.id]) == 1)
                #expect(try await device.storedCount("exercise_history", ids: [completion.id]) == 1)

                await workouts.load()
                await history.load()
                #expect(workouts.offline.isOffline == false && workouts.workouts.map(\.id) == [workout.id])
                #expect(history.offline.isOffline == false)
                #expect(history.state.history.value?.completions.map(\.id) == [completion.id])
            }
        }
    }

    /// One member's device for a test: an offline-first client acting as Alice of a fresh seed, its pool reaching the
    /// server through a proxy of its own (behind a ``CutOnAnswer`` the test can arm), its replica in a temporary
    /// directory; and a direct pool for checking what the server stored.
    struct ProxiedDevice {
        let proxy: TCPProxy
        /// Straight to the server (service role), never cut.
        let direct: PostgresDatabase
        let seed: FreshSeed
        let clock: TestClock
        let client: OfflineFirstClient
        private let cutter: CutOnAnswer

        /// Cuts the proxy once the device's remote has had `count` more answers, before the last one is handed on.
        func cutAfterAnswers(_ count: Int) { cutter.arm(after: count) }

        /// Sets everything up for `body`, and takes it down afterwards (pools closed, proxy shut down, replica
        /// removed), whether `body` throws or not.
        static func run(_ body: (ProxiedDevice) async throws -> Void) async throws {
            let url = try #require(PostgresTestEnvironment.url)
            var components = try #require(URLComponents(string: url))
            let host = try #require(components.host)
            let proxy = try await TCPProxy.start(forwardingTo: host, port: components.port ?? 5432)
            components.host = "127.0.0.1"
            components.port = proxy.port
            let proxiedURL = try #require(components.string)
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("fitkit-offline-pg-\(UUID())")
            let outcome: Result<Void, any Error>
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try await PostgresTestEnvironment.withDatabase { direct in
                    let seed = FreshSeed()
                    try await seed.install(using: direct)
                    try await PostgresTestEnvironment.withDatabase(url: proxiedURL, maximumConnections: 4) { remote in
                        let clock = TestClock(startDate: seed.whole(seed.now))
                        let cutter = CutOnAnswer(proxy: proxy)
                        let client = try OfflineFirstClient(
                            remote: CuttingClient(base: remote.acting(as: .member(seed.alice.id)), cutter: cutter),
                            replicaURL: directory.appendingPathComponent("replica.json"),
                            policy: FitKitContract.replicaPolicy, clock: clock,
                            now: { clock.date })
                        try await body(
                            ProxiedDevice(
                                proxy: proxy, direct: direct, seed: seed, clock: clock, client: client, cutter: cutter))
                    }
                }
                outcome = .success(())
            } catch {
                outcome = .failure(error)
            }
            try? FileManager.default.removeItem(at: directory)
            try await proxy.shutdown()
            try outcome.get()
        }

        /// How many rows of `table` the server holds with one of `ids`.
        func storedCount(_ table: String, ids: [UUID]) async throws -> Int {
            let rows: [JSONValue] = try await direct.from(table).select("id").in("id", values: ids).execute().value
            return rows.count
        }

        /// How many active bookings of Alice's for `sessionId` the server holds.
        func storedBookings(of sessionId: UUID) async throws -> Int {
            let rows: [JSONValue] = try await direct.from("bookings").select("id")
                .eq("member_id", value: seed.alice.id)
                .eq("class_session_id", value: sessionId)
                .eq("status", value: "active")
                .execute().value
            return rows.count
        }

        /// Alice's ratings of `exerciseId` as the server holds them.
        func storedRatings(of exerciseId: UUID) async throws -> [Int] {
            let rows: [JSONValue] = try await direct.from("exercise_ratings").select("rating")
                .eq("member_id", value: seed.alice.id).eq("exercise_id", value: exerciseId).execute().value
            return rows.compactMap { row in
                if case .number(let value)? = row["rating"] { return NSDecimalNumber(decimal: value).intValue }
                return nil
            }
        }
    }

    /// Cuts a proxy after a number of answers, when armed: the cut comes between two requests of one replay, at a
    /// point the test chooses, with no timing involved.
    final class CutOnAnswer: Sendable {
        private let proxy: TCPProxy
        private let remaining = LockedState<Int?>(nil)

        init(proxy: TCPProxy) { self.proxy = proxy }

        func arm(after count: Int) { remaining.withLock { $0 = count } }

        /// Called with every answer before it is handed on: cuts the proxy when it is the awaited one.
        func answered() async {
            let cut = remaining.withLock { remaining -> Bool in
                guard let count = remaining else { return false }
                remaining = count > 1 ? count - 1 : nil
                return count == 1
            }
            if cut { await proxy.cut() }
        }
    }

    /// A client that tells a ``CutOnAnswer`` about every answer of `base` before handing it on.
    struct CuttingClient<Base: DatabaseClient>: DatabaseClient {
        let base: Base
        let cutter: CutOnAnswer

        var role: DatabaseRole { base.role }

        func acting(as role: DatabaseRole) -> CuttingClient<Base> {
            CuttingClient(base: base.acting(as: role), cutter: cutter)
        }

        func run(_ query: DatabaseQuery) async throws -> RawResponse {
            let response = try await base.run(query)
            await cutter.answered()
            return response
        }

        func changes(to table: String, where filter: Filter?) -> AsyncThrowingStream<DatabaseChange, any Error> {
            base.changes(to: table, where: filter)
        }
    }

#endif
