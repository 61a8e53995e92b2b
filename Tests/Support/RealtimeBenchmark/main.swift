// fit-realtime-bench: FitSupabase's live stores through the Realtime test server over loopback WebSockets (the
// benchmarks that need FitKit's test servers, which the Benchmarks package cannot reach). Run by scripts/bench.sh
// in release with the RealtimeWebSocket trait; prints one line per figure and its goal, as fit-bench does.
//
// - L2: a committed write (another device's `updateEvent` has returned) → the following EventsStore shows it, p50
//   and p99 over 1000 writes, each renaming one of the member's ten events. Goal: p99 ≤ 20 ms.
// - F1: 100 followers of the timetable (each its own member, socket and store) while 100 other members book one class
//   at once: the requests each follower sends from the first booking until it shows all 100 (goal ≤ 3 on average;
//   the reloads following starts with are counted apart), and the time until every follower shows them.
import Booking
import Events
import FitContract
import FitCore
import FitInMemory
import FitStores
import FitSupabase
import Foundation
import PostgRESTTestServer

#if RealtimeWebSocket
    /// An embedded database behind the PostgREST test server, with its Realtime over loopback WebSockets on its port.
    struct Project {
        let database: InMemoryDatabase
        let http: PostgRESTTestServer

        static func start() async throws -> Project {
            let database = try InMemoryDatabase.embedded()
            let http = try await PostgRESTTestServer.start(database: database, anonKey: "anon-key")
            return Project(database: database, http: http)
        }

        /// A member's own device: HTTP for requests, its own Realtime socket on the project's port.
        func client(_ member: UUID) -> SupabaseDatabase {
            SupabaseDatabase(
                url: http.baseURL, anonKey: "anon-key",
                accessToken: UnsignedToken.member(member, expiresAt: .distantFuture),
                transport: PostgRESTTestServer.clientTransport,
                realtime: RealtimeConfiguration(
                    transport: http.realtimeTransport(), viewFeeds: FitKitContract.viewFeeds))
        }

        func stop() async throws {
            try await http.stop()
        }
    }

    func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    func milliseconds(_ value: Double) -> String { String(format: "%.2f ms", value * 1000) }

    func l2() async throws -> (line: String, met: Bool) {
        let project = try await Project.start()
        let member = try await BackOffice(service: project.database.client(as: .service)).addMember("Live").id
        let writer = EventsQueries(client: project.client(member))
        // The member's list keeps ten events; each write renames one of them, so every reload reads the same rows
        // and the figure is the path from commit to display, not the growth of a list.
        let date = Date(timeIntervalSince1970: 1_780_596_000)
        var created: [Event] = []
        for index in 0..<10 {
            created.append(try await writer.createEvent(Event(title: "Event \(index)", date: date, textColor: .black)))
        }
        let events = created
        let follower = EventsStore(queries: EventsQueries(client: project.client(member)))
        let following = Task { await follower.follow() }
        await waitUntil { follower.events.count == events.count || follower.error != nil }
        let writes = 1000
        var samples: [Double] = []
        for index in 0..<writes {
            var event = events[index % events.count]
            event.title = "Live \(index)"
            _ = try await writer.updateEvent(event)
            let committed = ContinuousClock.now
            let title = event.title
            await waitUntil { follower.events.contains { $0.title == title } || follower.error != nil }
            if let error = follower.error { throw error }
            samples.append(seconds(ContinuousClock.now - committed))
        }
        following.cancel()
        await following.value
        try await project.stop()
        samples.sort()
        let p50 = samples[samples.count / 2]
        let p99 = samples[samples.count * 99 / 100]
        return (
            "L2 live store over Supabase Realtime, committed write → other store updated (Realtime test server over "
                + "loopback WebSockets, \(writes) renames in a list of \(events.count) events): p50 \(milliseconds(p50)), p99 \(milliseconds(p99)) "
                + "(goal p99 ≤ 20 ms) \(p99 <= 0.020 ? "MET" : "NOT MET")",
            p99 <= 0.020
        )
    }

    func f1() async throws -> (line: String, met: Bool) {
        let count = 100
        let project = try await Project.start()
        let office = BackOffice(service: project.database.client(as: .service))
        let studio = try await office.addStudio(name: "Studio", timeZone: "Europe/London")
        let now = Date()
        let session = try await office.addSession(
            at: studio, name: "Busy class", startsAt: now.addingTimeInterval(3 * 86_400), capacity: count * 2,
            creditCost: 1)
        let watchers = try await office.addMembers((0..<count).map { "Watcher \($0)" })
        let bookers = try await office.addMembers((0..<count).map { "Booker \($0)" }, credits: 5)
        let stores = watchers.map { watcher in
            TimetableStore(
                queries: BookingQueries(client: project.client(watcher.id)), locale: Locale(identifier: "en_GB"),
                now: { now })
        }
        let before = project.http.requests.count
        for store in stores { await store.load(from: now, to: now.addingTimeInterval(7 * 86_400)) }
        let following = stores.map { store in Task { await store.follow() } }
        // Following starts with its own reloads (one at once, and one when Realtime confirms the subscriptions, paced
        // as a burst): wait until the followers have been quiet for half a second, so that what is counted below is
        // what the bookings cost. A benchmark may wait on the wall clock; the tests never do.
        var quietSince = project.http.requests.count
        while true {
            try await Task.sleep(for: .milliseconds(500))
            let now = project.http.requests.count
            if now == quietSince { break }
            quietSince = now
        }
        let settled = project.http.requests.count
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for booker in bookers {
                let queries = BookingQueries(client: project.client(booker.id))
                group.addTask { _ = try await queries.bookSession(id: session) }
            }
            try await group.waitForAll()
        }
        let booked = seconds(ContinuousClock.now - start)
        for store in stores {
            await waitUntil { store.timetable?.sessions.first?.spotsRemaining == count || store.error != nil }
        }
        let elapsed = seconds(ContinuousClock.now - start)
        let followerTokens = Set(watchers.map { "Bearer " + UnsignedToken.member($0.id, expiresAt: .distantFuture) })
        func followers(_ requests: ArraySlice<RecordedRequest>) -> Int {
            requests.filter { followerTokens.contains($0.headers["authorization"] ?? "") }.count
        }
        let all = project.http.requests
        let toFollow = followers(all[before..<settled]) - count
        let followerRequests = followers(all.dropFirst(settled))
        for task in following { task.cancel() }
        for task in following { await task.value }
        try await project.stop()
        let average = Double(followerRequests) / Double(count)
        return (
            "F1 \(count) followers of the timetable while \(count) members book one class at once (Realtime test "
                + "server over loopback WebSockets): \(String(format: "%.2f", average)) requests per follower after "
                + "following had settled, while they book (\(followerRequests) in all; following itself took "
                + "\(String(format: "%.2f", Double(toFollow) / Double(count))) per follower after the first load); the "
                + "bookings done \(milliseconds(booked)) and every follower up to date \(milliseconds(elapsed)) after the "
                + "first (goal ≤ 3 requests per follower on average) \(average <= 3 ? "MET" : "NOT MET")",
            average <= 3
        )
    }

    let only = ProcessInfo.processInfo.environment["FITKIT_BENCH_ONLY"].map {
        Set($0.split(separator: ",").map(String.init))
    }
    var goals: [String] = []
    if only?.contains("L2") ?? true {
        let (line, met) = try await l2()
        print(line)
        goals.append("  L2 p99 ≤ 20 ms: \(met ? "MET" : "NOT MET")")
    }
    if only?.contains("F1") ?? true {
        let (line, met) = try await f1()
        print(line)
        goals.append("  F1 ≤ 3 requests per follower: \(met ? "MET" : "NOT MET")")
    }
    print("Goals (fit-realtime-bench):")
    for goal in goals { print(goal) }
#else
    print(
        "fit-realtime-bench needs the RealtimeWebSocket trait: swift run -c release --traits RealtimeWebSocket fit-realtime-bench"
    )
#endif
