import FitCore
import FitInMemory
import FitTesting
import Foundation

/// P4: one in-memory query (eq + range + order + limit 50) against two peers on the same rows: the obvious
/// hand-written typed filter/sort over an array, and SQLite in memory through GRDB with its index on the
/// filtered and sorted columns. At 1k, 100k and 1M rows, so the growth shows; the goals: ≤ 0.1 ms at 1k (the fixed
/// cost of a read), and at 100k ≤ 0.5× the hand-written code and ≤ 0.5× SQLite. Each time is the median of `runs` runs, each run the mean
/// of as many calls as fill about 20 ms.
enum P4QueryBenchmark {
    struct Row: Codable, Sendable {
        var id: UUID
        var studioId: UUID
        var startsAt: Date
        var name: String
        var capacity: Int
    }

    static let sizes = [1_000, 100_000, 1_000_000]
    static let goalSize = 100_000
    static let smallSize = 1_000
    static let runs = 5

    static func run() async throws -> [Figure] {
        var figures: [Figure] = []
        for size in sizes {
            figures += try await measure(rowCount: size)
        }
        return figures
    }

    /// The rows: ten studios, start times all different (a shuffled sequence ten seconds apart), so every
    /// order is total and all three answers must be the same ids in the same order.
    static func rows(_ count: Int) -> [Row] {
        let studios = (0..<10).map { UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", $0))! }
        var generator = SeededRandomNumberGenerator(seed: 42)
        var slots = Array(0..<count)
        slots.shuffle(using: &generator)
        let base = Date(timeIntervalSince1970: 1_780_000_000)
        return (0..<count).map { index in
            Row(
                id: UUID(), studioId: studios[index % studios.count],
                startsAt: base.addingTimeInterval(Double(slots[index]) * 10),
                name: "Class \(index)", capacity: Int(generator.next() % 30))
        }
    }

    private static func measure(rowCount: Int) async throws -> [Figure] {
        let rows = rows(rowCount)
        let base = Date(timeIntervalSince1970: 1_780_000_000)
        let span = Double(rowCount) * 10
        let studio = rows[3].studioId
        let from = base.addingTimeInterval(span * 0.2)
        let to = base.addingTimeInterval(span * 0.7)

        let database = try InMemoryDatabase()
        try database.createTable(
            TableSchema(
                name: "sessions",
                columns: [
                    Column("id", .uuid), Column("studio_id", .uuid), Column("starts_at", .timestamp),
                    Column("name", .text), Column("capacity", .integer),
                ],
                indexes: [.hash("studio_id"), .ordered("starts_at")],
                access: .publicRead))
        let client = database.client(as: .service)
        for start in stride(from: 0, to: rows.count, by: 100_000) {
            try await client.from("sessions").insert(Array(rows[start..<min(rows.count, start + 100_000)])).execute()
        }
        let query = client.from("sessions").select()
            .eq("studio_id", value: studio).gte("starts_at", value: from).lt("starts_at", value: to)
            .order("starts_at").limit(50)
        let path = try database.explain(query.query)

        var viaQuery: [Row] = []
        var byHand: [Row] = []
        var viaSQLite: [Row] = []
        let sqlite = try SQLitePeer(rows: rows)
        var queryTimes: [Double] = []
        var handTimes: [Double] = []
        var sqliteTimes: [Double] = []
        for _ in 0..<runs {
            queryTimes.append(try await Measure.perCall { viaQuery = try await query.execute().value })
            handTimes.append(
                try await Measure.perCall {
                    byHand = Array(
                        rows.filter { $0.studioId == studio && $0.startsAt >= from && $0.startsAt < to }
                            .sorted { $0.startsAt < $1.startsAt }.prefix(50))
                })
            sqliteTimes.append(
                try await Measure.perCall { viaSQLite = try sqlite.query(studio: studio, from: from, to: to) })
        }
        guard viaQuery.map(\.id) == byHand.map(\.id), viaSQLite.map(\.id) == byHand.map(\.id), byHand.count == 50
        else {
            throw BenchmarkError(
                "P4 at \(rowCount) rows: the query (\(viaQuery.count)), the hand-written code (\(byHand.count)) and SQLite (\(viaSQLite.count)) disagree"
            )
        }
        let ours = Spread(queryTimes)
        let hand = Spread(handTimes)
        let peer = Spread(sqliteTimes)
        let versusHand = ours.median / hand.median
        let versusSQLite = ours.median / peer.median
        let size = rowCount >= 1_000_000 ? "\(rowCount / 1_000_000)M" : "\(rowCount / 1000)k"
        let common =
            "P4 \(size) rows, in-memory query (eq + range + order + limit 50, \(describe(path))) \(ours.milliseconds())"
        if rowCount == smallSize {
            return [
                Figure(
                    id: "P4",
                    text:
                        "\(common) vs hand-written filter/sort \(hand.milliseconds()) → \(Measure.ratio(versusHand)); vs SQLite (GRDB, index on studio_id, starts_at) \(peer.milliseconds()) → \(Measure.ratio(versusSQLite))",
                    goal: "≤ 0.1 ms at 1k rows", met: ours.median <= 0.000_1)
            ]
        }
        guard rowCount == goalSize else {
            return [
                Figure(
                    id: "P4",
                    text:
                        "\(common) vs hand-written filter/sort \(hand.milliseconds()) → \(Measure.ratio(versusHand)); vs SQLite (GRDB, index on studio_id, starts_at) \(peer.milliseconds()) → \(Measure.ratio(versusSQLite))"
                )
            ]
        }
        return [
            Figure(
                id: "P4",
                text:
                    "\(common) vs hand-written typed filter/sort \(hand.milliseconds()) → \(Measure.ratio(versusHand)) the hand-written time",
                goal: "≤ 0.5× hand-written", met: versusHand <= 0.5),
            Figure(
                id: "P4",
                text:
                    "\(common) vs SQLite in memory through GRDB, same rows and query, index on (studio_id, starts_at) \(peer.milliseconds()) → \(Measure.ratio(versusSQLite)) SQLite's time",
                goal: "≤ 0.5× SQLite", met: versusSQLite <= 0.5),
        ]
    }

    private static func describe(_ path: InMemoryAccessPath) -> String {
        switch path {
        case .scan: "full scan"
        case .view: "view"
        case .indexLookup(let column, let candidates): "\(column) index, \(candidates) candidates"
        case .orderedWalk(let column): "walks the \(column) index"
        }
    }
}
