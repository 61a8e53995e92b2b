import FitContract
import FitCore
import FitInMemory
import FitOffline
import FitTesting
import Foundation
import History
import Members

/// O1: the outbox replay. 1000 exercise completions recorded offline (`HistoryQueries.createCompletion`, the HIIT
/// screen's write) through an `OfflineFirstClient` whose in-memory server sits behind a `RequestRig` whose connection is cut; then
/// the network is restored and `sync()` replays them. Reported: the requests the replay sent (`SyncReport.requests`,
/// checked against the server's request log), goal ≤ 10; and the replay's time against one bulk upsert of the same
/// 1000 rows into a fresh server measured in the same run, goal ≤ 1.5×. Median of `runs` runs with min and max; each
/// run has its own servers and replica file. The time to queue the writes is reported beside it, without a goal.
enum O1OfflineReplayBenchmark {
    static let writes = 1000
    static let runs = 5

    /// One run's measurements.
    struct Run {
        var queueSeconds: Double
        var replaySeconds: Double
        var outboxSaveSeconds: Double
        var serverSeconds: Double
        var bulkSeconds: Double
        var persistedBulkSeconds: Double
        var requests: Int
        var loggedRequests: Int
        var replicaBytes: Int
    }

    static func run() async throws -> [Figure] {
        var results: [Run] = []
        for _ in 0..<runs { results.append(try await measureOnce()) }
        let replay = Spread(results.map(\.replaySeconds))
        let bulk = Spread(results.map(\.bulkSeconds))
        let persistedBulk = Spread(results.map(\.persistedBulkSeconds))
        let ratio = Spread(results.map { $0.replaySeconds / $0.bulkSeconds })
        let server = Spread(results.map(\.serverSeconds))
        let queue = Spread(results.map(\.queueSeconds))
        let requests = results.map(\.requests).max() ?? 0
        let logged = results.map(\.loggedRequests).max() ?? 0
        let requestsAgree = results.allSatisfy { $0.requests == $0.loggedRequests }
        let bytes = results.map(\.replicaBytes).max() ?? 0
        return [
            Figure(
                id: "O1",
                text:
                    "O1 outbox replay of \(writes) offline inserts (exercise_history): \(requests) request\(requests == 1 ? "" : "s") "
                    + "sent per SyncReport.requests, \(logged) in the server's request log"
                    + (requestsAgree ? " (agree in every run)" : " (DISAGREE)"),
                goal: "≤ 10 requests", met: requestsAgree && requests <= 10),
            Figure(
                id: "O1",
                text:
                    "O1 replay time \(replay.milliseconds()) (of which the server's requests \(server.milliseconds())) vs one bulk "
                    + "upsert of the same \(writes) rows into a fresh in-memory server \(bulk.milliseconds()) → median "
                    + "\(ratio.ratios()); beside it, the same upsert into a fresh file-backed server (one atomic save) "
                    + "\(persistedBulk.milliseconds()); queueing the \(writes) writes offline took \(queue.milliseconds()) "
                    + "in all; the outbox file saved a further \(Spread(results.map(\.outboxSaveSeconds)).milliseconds()) "
                    + "after the replay returned; replica file after the replay \(bytes / 1024) KB",
                goal: "replay ≤ 1.5× the bulk upsert", met: ratio.median <= 1.5),
            Figure(
                id: "O1",
                text:
                    "O1 queueing one offline write (each a file-backed transaction with its outbox entry, the replica "
                    + "growing to \(writes) rows): "
                    + String(format: "%.3f ms", queue.median / Double(writes) * 1000)
                    + " on average, median of \(runs) runs",
                goal: "≤ 1 ms per write", met: queue.median / Double(writes) <= 0.001),
        ]
    }

    private static func measureOnce() async throws -> Run {
        let member = Member(displayName: "Offline", email: "offline-\(UUID().uuidString)@example.com")
        let server = try await Server.make(member: member)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fit-bench-o1-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let replicaURL = directory.appendingPathComponent("replica.json")

        let network = RequestRig()
        let timing = TimedClient(base: server.database.client(as: .member(member.id)))
        // Retries are scheduled on a clock that never moves: the figure replays with sync() itself.
        let client = try OfflineFirstClient(
            remote: network.client(timing), replicaURL: replicaURL, policy: FitKitContract.replicaPolicy,
            clock: TestClock(), now: { Date() })
        let queries = HistoryQueries(client: client)

        network.disconnect()
        let base = Date(timeIntervalSince1970: 1_780_000_000)
        let queueSeconds = try await Measure.time {
            for index in 0..<writes {
                _ = try await queries.createCompletion(
                    exerciseId: server.exercise, completedAt: base.addingTimeInterval(Double(index)))
            }
        }
        let queued = client.pendingChangeCount()
        guard queued == writes else { throw BenchmarkError("O1: \(queued) changes queued, not \(writes)") }

        network.reconnect()
        server.database.clearRequestLog()
        timing.reset()
        var report = SyncReport()
        let replaySeconds = await Measure.time { report = await client.sync() }
        // The replay returns once the server accepted every change; the outbox file is saved after it.
        let outboxSaveSeconds = await Measure.time { await client.finishReplicaUpdates() }
        let log = server.database.requests
        guard report.accepted == writes, report.pending == 0, report.rejected.isEmpty else {
            throw BenchmarkError(
                "O1: the replay accepted \(report.accepted), refused \(report.rejected.count), left \(report.pending)"
                    + (report.stoppedBecause.map { " (\($0))" } ?? ""))
        }
        let stored = try await server.database.client(as: .service).from("exercise_history").select(
            "id", head: true, count: .exact
        )
        .eq("member_id", value: member.id).execute().count
        guard stored == writes else { throw BenchmarkError("O1: the server holds \(stored ?? 0) completions") }

        // The same rows, as the replay sent them, in one bulk upsert into a fresh server.
        let rows = log.flatMap { request -> [JSONValue] in
            guard request.query.operation != .select, case .array(let rows)? = request.query.body else { return [] }
            return rows
        }
        guard rows.count == writes else { throw BenchmarkError("O1: the replay sent \(rows.count) rows") }
        let bulk = DatabaseQuery(
            target: "exercise_history", operation: .upsert(onConflict: ["id"], ignoreDuplicates: true),
            returning: .representation, body: .array(rows))
        let bulkSeconds = try await timeBulk(
            bulk, into: try await Server.make(member: member, exercises: server.exerciseRows), as: member)
        let persistedBulkSeconds = try await timeBulk(
            bulk,
            into: try await Server.make(
                member: member, exercises: server.exerciseRows,
                persistingTo: directory.appendingPathComponent("server.json")),
            as: member)

        let bytes = (try? FileManager.default.attributesOfItem(atPath: replicaURL.path)[.size] as? Int) ?? 0
        return Run(
            queueSeconds: queueSeconds, replaySeconds: replaySeconds, outboxSaveSeconds: outboxSaveSeconds,
            serverSeconds: timing.seconds,
            bulkSeconds: bulkSeconds, persistedBulkSeconds: persistedBulkSeconds, requests: report.requests,
            loggedRequests: log.count, replicaBytes: bytes)
    }

    /// The time of `query` on a fresh `server` as `member`, checked to have written every row.
    private static func timeBulk(_ query: DatabaseQuery, into server: Server, as member: Member) async throws -> Double
    {
        let client = server.database.client(as: .member(member.id))
        var response = RawResponse(data: Data())
        let seconds = try await Measure.time { response = try await client.run(query) }
        let rows = try JSONDecoder().decode([JSONValue].self, from: response.data)
        guard rows.count == writes else { throw BenchmarkError("O1: the bulk upsert wrote \(rows.count) rows") }
        return seconds
    }

    /// An embedded in-memory server on the real clock with one member and the HIIT catalogue (copied from
    /// `exercises`, ids included, when given), optionally persisted to a file.
    struct Server {
        /// The embedded database behind FitTesting's rig, which counts the requests.
        let database: TestDatabase
        let exercise: UUID
        let exerciseRows: JSONValue

        static func make(member: Member, exercises: JSONValue? = nil, persistingTo file: URL? = nil) async throws
            -> Server
        {
            let database = try InMemoryDatabase.embedded(persistingTo: file)
            let service = database.client(as: .service)
            try await BackOffice(service: service).createAccounts([NewAccount(member: member)])
            if let exercises {
                _ = try await service.run(DatabaseQuery(target: "exercises", operation: .insert, body: exercises))
            } else {
                try await HistoryQueries(client: service).createExercises(ExerciseCatalogue.hiit)
            }
            // The rows as stored (snake_case columns), to copy into a fresh server with the same ids.
            let answer = try await service.run(
                DatabaseQuery(target: "exercises", operation: .select, order: [OrderTerm(column: "position")]))
            let rows = try JSONDecoder().decode(JSONValue.self, from: answer.data)
            guard case .array(let list) = rows, let first = list.first?["id"]?.stringValue.flatMap(UUID.init)
            else { throw BenchmarkError("O1: the server has no exercises") }
            return Server(
                database: TestDatabase(database, clock: ContinuousClock()), exercise: first, exerciseRows: rows)
        }
    }
}

/// A client that adds up the time its base client spends answering: the server's share of a replay.
struct TimedClient<Base: DatabaseClient>: DatabaseClient {
    let base: Base
    private let total: SecondsTotal

    init(base: Base) {
        self.init(base: base, total: SecondsTotal())
    }

    private init(base: Base, total: SecondsTotal) {
        self.base = base
        self.total = total
    }

    var role: DatabaseRole { base.role }

    func acting(as role: DatabaseRole) -> TimedClient<Base> {
        TimedClient(base: base.acting(as: role), total: total)
    }

    func run(_ query: DatabaseQuery) async throws -> RawResponse {
        let start = ContinuousClock.now
        defer {
            let elapsed = Measure.seconds(ContinuousClock.now - start)
            total.add(elapsed)
        }
        return try await base.run(query)
    }

    /// The time spent in ``run(_:)`` since the last ``reset()``, in seconds.
    var seconds: Double { total.value }

    func reset() { total.reset() }
}
