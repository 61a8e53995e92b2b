import FitCore
import FitInMemory
import Foundation

/// P4: one in-memory query over 100k rows (eq + range + order + limit 50) against a hand-written typed
/// filter/sort over the same data. Goal: at most 3× the hand-written time.
enum P4QueryBenchmark {
    struct Row: Codable, Sendable {
        var id: UUID
        var studioId: UUID
        var startsAt: Date
        var name: String
        var capacity: Int
    }

    static let rowCount = 100_000

    static func run() async throws -> String {
        let studios = (0..<10).map { _ in UUID() }
        let base = Date(timeIntervalSince1970: 1_780_000_000)
        var generator = SplitMix64(seed: 42)
        let rows = (0..<rowCount).map { index in
            Row(
                id: UUID(), studioId: studios[index % studios.count],
                startsAt: base.addingTimeInterval(Double(generator.next() % 10_000_000)),
                name: "Class \(index)", capacity: Int(generator.next() % 30))
        }
        let database = try InMemoryDatabase()
        try database.createTable(
            TableSchema(
                name: "sessions",
                columns: [
                    Column("id", .uuid), Column("studio_id", .uuid), Column("starts_at", .timestamp),
                    Column("name", .text), Column("capacity", .integer),
                ],
                access: .publicRead))
        let client = database.client(as: .service)
        try await client.from("sessions").insert(rows).execute()

        let studio = studios[3]
        let from = base.addingTimeInterval(2_000_000)
        let to = base.addingTimeInterval(7_000_000)

        var viaQuery: [Row] = []
        let queryTime = try await Measure.best {
            viaQuery = try await client.from("sessions").select()
                .eq("studio_id", value: studio).gte("starts_at", value: from).lt("starts_at", value: to)
                .order("starts_at").limit(50).execute().value
        }
        var byHand: [Row] = []
        let handTime = await Measure.best {
            byHand = Array(
                rows.filter { $0.studioId == studio && $0.startsAt >= from && $0.startsAt < to }
                    .sorted { $0.startsAt < $1.startsAt }.prefix(50))
        }
        precondition(viaQuery.map(\.id) == byHand.map(\.id), "P4: the query and the hand-written code disagree")
        let ratio = queryTime / handTime
        return
            "P4 in-memory query over \(rowCount) rows (eq + range + order + limit 50): \(Measure.milliseconds(queryTime)) vs hand-written typed filter/sort \(Measure.milliseconds(handTime)) → \(String(format: "%.2f", ratio))× (goal ≤ 3×) \(ratio <= 3 ? "MET" : "NOT MET")"
    }
}

/// A tiny deterministic random generator, so every run measures the same data.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
