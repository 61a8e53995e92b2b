import Booking
import FitContract
import FitCore
import FitInMemory
import FitTesting
import Foundation
import SessionDetails

/// P1: the session-details load with a fixed simulated latency on the in-memory database (real clock):
/// round-trip depth, request count, and load time against the latency. Goal: depth 1 (so ~1× the latency).
enum P1SessionDetailsBenchmark {
    static let latency = Duration.milliseconds(20)

    static func run() async throws -> [Figure] {
        let engine = try InMemoryDatabase.embedded()
        let office = BackOffice(service: engine.client(as: .service))
        let studio = try await office.addStudio(name: "Bench Studio", timeZone: "Europe/London")
        let upcoming = try await office.addSession(
            at: studio, name: "Yoga Flow", startsAt: Date().addingTimeInterval(2 * 86_400))
        let alice = try await office.addMember("Alice", credits: 20).id
        // The latency and the request log are FitTesting's rig in front of the embedded database's clients.
        let database = TestDatabase(engine, clock: ContinuousClock())
        database.setLatency(latency)
        // The app's case: the signed-in member opens a class. The back office's case: the service role opens
        // it for a member (the booking is then a second, concurrent request).
        let cases: [(name: String, client: RiggedClient<InMemoryClient>)] = [
            ("member", database.client(as: .member(alice))),
            ("service for a member", database.client(as: .service)),
        ]
        var figures: [Figure] = []
        for (name, client) in cases {
            var depth = 0
            var count = 0
            let elapsed = try await Measure.best(rounds: 5) {
                let store = SessionDetailsStore(sessionId: upcoming, queries: SessionDetailsQueries(client: client))
                database.clearRequestLog()
                await store.load(memberId: alice)
                guard store.session?.sessionId == upcoming, store.error == nil else {
                    throw BenchmarkError("P1: the load did not show the class: \(String(describing: store.error))")
                }
                let requests = database.requests
                depth = requests.roundTripDepth
                count = requests.count
            }
            let ratio = elapsed / Measure.seconds(latency)
            let met = depth == 1
            figures.append(
                Figure(
                    id: "P1",
                    text:
                        "P1 session-details load (\(name)), latency \(Measure.milliseconds(Measure.seconds(latency))): round-trip depth \(depth), \(count) request\(count == 1 ? "" : "s"), load \(Measure.milliseconds(elapsed)) vs latency → \(Measure.ratio(ratio))",
                    goal: "depth 1, ~1× the latency", met: met))
        }
        return figures
    }
}

/// A benchmark that could not measure what it should (wrong results, missing data).
struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
