import Booking
import FitContract
import FitCore
import FitInMemory
import FitTesting
import Foundation

/// P2: the week timetable with N = 10, 100, 1000 sessions on the embedded database: requests per `TimetableStore`
/// load (goal ≤ 2) and the time of a load, from the request to the display model (median of `runs` loads of one
/// store; goal ≤ 5 ms at N = 1000).
enum P2TimetableBenchmark {
    /// Loads per N; `FITKIT_BENCH_P2_LOADS` raises it, so a profiler sees the loads rather than the seeding.
    static let runs =
        ProcessInfo.processInfo.environment["FITKIT_BENCH_P2_LOADS"].flatMap(Int.init).map { max($0, 1) } ?? 9
    static let timeGoal = 0.005

    static func run() async throws -> [Figure] {
        var parts: [String] = []
        var fewRequests = true
        var largest = Spread([0])
        for count in [10, 100, 1000] {
            let week = try await WeekTimetable(sessionCount: count)
            let store = TimetableStore(
                queries: BookingQueries(client: week.database.client(as: .member(week.member))),
                locale: Locale(identifier: "en_US"), now: { week.now })
            var times: [Double] = []
            var requests = 0
            for _ in 0..<runs {
                week.database.clearRequestLog()
                let start = ContinuousClock.now
                await store.load(from: week.now, to: week.end)
                times.append(Measure.seconds(ContinuousClock.now - start))
                guard store.error == nil, store.timetable?.sessions.count == count else {
                    throw BenchmarkError(
                        "P2: the timetable for N = \(count) has \(store.timetable?.sessions.count ?? 0) sessions")
                }
                requests = max(requests, week.database.requests.count)
            }
            fewRequests = fewRequests && requests <= 2
            let spread = Spread(times)
            largest = spread
            parts.append("N=\(count): \(requests) request\(requests == 1 ? "" : "s"), \(spread.milliseconds())")
        }
        let text =
            "P2 week timetable on the embedded database, requests and time per load (request to display model, median of \(runs) loads): \(parts.joined(separator: ", "))"
        return [
            Figure(id: "P2", text: text, goal: "≤ 2 requests per load at every N", met: fewRequests),
            Figure(
                id: "P2", text: "P2 at N=1000: \(Measure.milliseconds(largest.median)) per load",
                goal: "≤ 5 ms per load at N = 1000", met: largest.median <= timeGoal),
        ]
    }
}

/// An in-memory database with the booking schema, one member, and `sessionCount` classes spread over the
/// week after a fixed "now", across a few studios in different time zones. Seeded in a handful of requests.
struct WeekTimetable {
    static let timeZones = ["Europe/London", "America/New_York", "Asia/Tokyo", "Australia/Sydney", "Europe/Berlin"]

    /// The embedded database behind FitTesting's rig, which counts the requests.
    let database: TestDatabase
    let member: UUID
    let now: Date
    let end: Date

    init(sessionCount: Int) async throws {
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        let database = try InMemoryDatabase.embedded(now: { now })
        let office = BackOffice(service: database.client(as: .service))
        var studios: [UUID] = []
        for (index, zone) in Self.timeZones.enumerated() {
            studios.append(try await office.addStudio(name: "Studio \(index)", timeZone: zone))
        }
        let week: TimeInterval = 7 * 24 * 3600
        let rows: [JSONValue] = (0..<sessionCount).map { index in
            let startsAt = now.addingTimeInterval(60 + week * Double(index) / Double(sessionCount))
            return [
                "studio_id": .string(studios[index % studios.count].uuidString), "name": .string("Class \(index)"),
                "instructor_name": index % 7 == 0 ? .null : .string("Coach \(index % 13)"),
                "starts_at": .string(WireDate.string(from: startsAt)),
                "duration_minutes": .number(Decimal(30 + index % 4 * 15)),
                "capacity": .number(Decimal(10 + index % 20)), "credit_cost": .number(Decimal(1 + index % 3)),
            ]
        }
        try await database.client(as: .service).from("class_sessions").insert(JSONValue.array(rows)).execute()
        self.member = try await office.addMember("Bench", credits: 10).id
        self.database = TestDatabase(database, clock: ContinuousClock())
        self.now = now
        self.end = now.addingTimeInterval(week + 3600)
    }
}
