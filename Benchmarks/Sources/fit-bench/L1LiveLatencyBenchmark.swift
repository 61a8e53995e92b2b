import Events
import FitContract
import FitCore
import FitInMemory
import FitStores
import Foundation

/// L1: live stores. The time from a committed write (another device's `createEvent` has returned) to the
/// following store showing it, p50 and p99 over 1000 writes, beside the round trip of a plain select measured
/// in the same run. In memory here; on PostgreSQL over loopback in ``L1PostgresLiveLatency``.
enum L1LiveLatencyBenchmark {
    static let writes = 1000

    static func run() async throws -> Figure {
        let database = try InMemoryDatabase.embedded()
        let member = try await BackOffice(service: database.client(as: .service)).addMember("Live", credits: 1)
        let client = database.client(as: .member(member.id))
        let result = try await measure(client: client, label: "in memory")
        return Figure(id: "L1", text: result.line)
    }

    /// Follows the member's events with an ``EventsStore`` and times each of `writes` inserts made through another
    /// client until the store shows it; returns the figure line and the p99.
    static func measure(client: any DatabaseClient, label: String) async throws
        -> (line: String, p99: Double)
    {
        let writer = EventsQueries(client: client)
        let follower = EventsStore(queries: EventsQueries(client: client))
        let base = try await writer.getEvents().count
        let following = Task { await follower.follow() }
        await waitUntil { follower.state.events.value != nil }
        var samples: [Double] = []
        samples.reserveCapacity(writes)
        let date = Date(timeIntervalSince1970: 1_780_596_000)
        for index in 0..<writes {
            _ = try await writer.createEvent(Event(title: "Live \(index)", date: date, textColor: .black))
            let committed = ContinuousClock.now
            let expected = base + index + 1
            await waitUntil { follower.events.count >= expected || follower.error != nil }
            if let error = follower.error { throw BenchmarkError("L1 \(label): the follower failed: \(error)") }
            samples.append(Measure.seconds(ContinuousClock.now - committed))
        }
        following.cancel()
        await following.value
        var roundTrips: [Double] = []
        for _ in 0..<200 {
            let start = ContinuousClock.now
            _ = try await writer.getEvent(id: UUID())
            roundTrips.append(Measure.seconds(ContinuousClock.now - start))
        }
        samples.sort()
        roundTrips.sort()
        let p50 = samples[samples.count / 2]
        let p99 = samples[samples.count * 99 / 100]
        let line =
            "L1 live store, committed write → other store updated (\(label), \(writes) writes): "
            + "p50 \(Measure.milliseconds(p50)), p99 \(Measure.milliseconds(p99)); plain select round trip p50 "
            + Measure.milliseconds(roundTrips[roundTrips.count / 2])
        return (line, p99)
    }
}
