// fit-realtime-bench: FitSupabase's live stores through the Realtime test server over loopback WebSockets (the
// benchmarks that need FitKit's test servers, which the Benchmarks package cannot reach). Run by scripts/bench.sh
// in release with the RealtimeWebSocket trait; prints one line per figure and its goal, as fit-bench does.
//
// - L2: a committed write (another device's `createEvent` has returned) → the following EventsStore shows it, p50
//   and p99 over 1000 writes. Goal: p99 ≤ 20 ms.
// - F1: 100 followers of the timetable (each its own member, socket and store) while 100 other members book one class
//   at once: the requests each follower sends after its first load (the reloads following starts with included) until
//   it shows all 100 bookings (goal ≤ 3 on average; also given with the first load), and the time from the first
//   booking until every follower shows them.
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
    /// An embedded database behind the PostgREST and Realtime test servers, Realtime over loopback WebSockets.
    struct Project {
        let database: InMemoryDatabase
        let http: PostgRESTTestServer
        let sockets: RealtimeSockets

        static func start() async throws -> Project {
            let database = try InMemoryDatabase.embedded()
            let http = try await PostgRESTTestServer.start(database: database, anonKey: "anon-key")
            let tables = FitKitContract.features.flatMap(\.schema.tables).filter(\.isExposed).map(\.name)
            let realtime = RealtimeTestServer(database: database, published: Set(tables))
            let sockets = try await RealtimeSockets.start(serving: realtime)
            return Project(database: database, http: http, sockets: sockets)
        }

        /// A member's own device: HTTP for requests, its own Realtime socket.
        func client(_ member: UUID) -> SupabaseDatabase {
            SupabaseDatabase(
                url: http.baseURL, anonKey: "anon-key",
                accessToken: UnsignedToken.member(member, expiresAt: .distantFuture),
                transport: PostgRESTTestServer.clientTransport,
                realtime: RealtimeConfiguration(
                    transport: sockets.transport, viewFeeds: FitKitContract.viewFeeds, socketURL: sockets.url))
        }

        func stop() async throws {
            try await sockets.stop()
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
        let follower = EventsStore(queries: EventsQueries(client: project.client(member)))
        let following = Task { await follower.follow() }
        await waitUntil { follower.state.events.value != nil }
        let writes = 1000
        var samples: [Double] = []
        let date = Date(timeIntervalSince1970: 1_780_596_000)
        for index in 0..<writes {
            _ = try await writer.createEvent(Event(title: "Live \(index)", date: date, textColor: .black))
            let committed = ContinuousClock.now
            await waitUntil { follower.events.count >= index + 1 || follower.error != nil }
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
                + "loopback WebSockets, \(writes) writes): p50 \(milliseconds(p50)), p99 \(milliseconds(p99)) "
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
        // Every follower subscribed and reloaded once for it (its missed-changes report) before the bookings start.
        for store in stores { await waitUntil { store.timetable?.sessions.first?.spotsRemaining == count * 2 } }
        let settled = project.http.requests.count
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for booker in bookers {
                let queries = BookingQueries(client: project.client(booker.id))
                group.addTask { _ = try await queries.bookSession(id: session) }
            }
            try await group.waitForAll()
        }
        for store in stores {
            await waitUntil { store.timetable?.sessions.first?.spotsRemaining == count || store.error != nil }
        }
        let elapsed = seconds(ContinuousClock.now - start)
        let followerTokens = Set(watchers.map { "Bearer " + UnsignedToken.member($0.id, expiresAt: .distantFuture) })
        func followers(_ requests: ArraySlice<RecordedRequest>) -> Int {
            requests.filter { followerTokens.contains($0.headers["authorization"] ?? "") }.count
        }
        let all = project.http.requests
        let fromFirstLoad = followers(all.dropFirst(before))
        let followerRequests = followers(all.dropFirst(settled))
        for task in following { task.cancel() }
        for task in following { await task.value }
        try await project.stop()
        let average = Double(followerRequests) / Double(count)
        return (
            "F1 \(count) followers of the timetable while \(count) members book one class at once (Realtime test "
                + "server over loopback WebSockets): \(String(format: "%.2f", average)) requests per follower after "
                + "its first load, while they book (\(followerRequests) in all; \(String(format: "%.2f", Double(fromFirstLoad) / Double(count))) "
                + "with the first load), every follower up to date \(milliseconds(elapsed)) after the first booking "
                + "(goal ≤ 3 requests per follower on average) \(average <= 3 ? "MET" : "NOT MET")",
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
