import Events
import FitContract
import FitCore
import FitInMemory
import Foundation
import GRDB

/// P7: one write through a store's queries (`EventsQueries.createEvent`) on the persisted embedded database holding
/// 1k, 10k and 100k event rows, against a plain insert of the same row into a SQLite file through GRDB with the same
/// durability (write-ahead log, `synchronous = FULL`), measured in the same run: median and p99 of `writes` writes
/// each. Goals: FitKit's median ≤ 2× SQLite's at every size, and its 100k median within 1.5× of its 1k one. Also
/// reported: the time to open the 100k-row database (every row is read at open) and the resident memory it holds.
enum P7PersistedWriteBenchmark {
    static let sizes = [1_000, 10_000, 100_000]
    static let writes = 100

    struct Sample {
        var rows: Int
        var fitKit: [Double]
        var sqlite: [Double]
        /// The same write on the same rows without a file: the engine's share.
        var unpersisted: [Double]
    }

    static func run() async throws -> [Figure] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fit-bench-p7-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var samples: [Sample] = []
        var openTime = 0.0
        var openMemory: Int?
        for rows in sizes {
            let file = directory.appendingPathComponent("fitkit-\(rows).db")
            var member = UUID()
            do {
                let database = try InMemoryDatabase.embedded(persistingTo: file)
                member = try await BackOffice(service: database.client(as: .service)).addMember("Bench").id
                try await seed(rows, for: member, into: database)
            }
            if rows == sizes.last {
                // Resident memory the opened database adds (every row, decoded, and the indexes); memory the seeding
                // freed may be reused, so this is a lower bound.
                let before = ResidentMemory.current()
                let opened = try InMemoryDatabase.embedded(persistingTo: file)
                if let before, let after = ResidentMemory.current() { openMemory = after - before }
                withExtendedLifetime(opened) {}
                openTime = try await Measure.time { _ = try InMemoryDatabase.embedded(persistingTo: file) }
            }
            let database = try InMemoryDatabase.embedded(persistingTo: file)
            let queries = EventsQueries(client: database.client(as: .member(member)))
            let peer = try SQLitePersistedPeer(url: directory.appendingPathComponent("grdb-\(rows).db"), rows: rows)
            var fitKit: [Double] = []
            var sqlite: [Double] = []
            let date = Date()
            // Alternating, so the two see the same machine.
            for index in 0..<writes {
                fitKit.append(
                    try await Measure.time {
                        _ = try await queries.createEvent(Event(title: "Write \(index)", date: date))
                    })
                sqlite.append(try await Measure.time { try peer.insert(title: "Write \(index)", date: date) })
            }
            let memory = try InMemoryDatabase.embedded()
            let memoryMember = try await BackOffice(service: memory.client(as: .service)).addMember("Bench").id
            try await seed(rows, for: memoryMember, into: memory)
            let memoryQueries = EventsQueries(client: memory.client(as: .member(memoryMember)))
            var unpersisted: [Double] = []
            for index in 0..<writes {
                unpersisted.append(
                    try await Measure.time {
                        _ = try await memoryQueries.createEvent(Event(title: "Write \(index)", date: date))
                    })
            }
            samples.append(Sample(rows: rows, fitKit: fitKit, sqlite: sqlite, unpersisted: unpersisted))
        }
        return figures(samples, openTime: openTime, openMemory: openMemory)
    }

    /// `count` events of `member`, in bulk inserts of 5,000.
    static func seed(_ count: Int, for member: UUID, into database: InMemoryDatabase) async throws {
        let service = database.client(as: .service)
        let date = WireDate.string(from: Date())
        for start in stride(from: 0, to: count, by: 5_000) {
            let rows: [JSONValue] = (start..<min(count, start + 5_000)).map { index in
                [
                    "member_id": .string(member.uuidString), "title": .string("Event \(index)"), "date": .string(date),
                    "text_color": "#000000FF",
                ]
            }
            try await service.from("events").insert(JSONValue.array(rows)).execute()
        }
    }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
    }

    static func figures(_ samples: [Sample], openTime: Double, openMemory: Int?) -> [Figure] {
        var figures: [Figure] = []
        for sample in samples {
            let fitKit = Spread(sample.fitKit).median
            let sqlite = Spread(sample.sqlite).median
            let ratio = fitKit / sqlite
            figures.append(
                Figure(
                    id: "P7",
                    text:
                        "P7 one createEvent on the persisted embedded database at \(sample.rows) rows: median "
                        + "\(Measure.milliseconds(fitKit)), p99 \(Measure.milliseconds(percentile(sample.fitKit, 0.99))) "
                        + "vs a GRDB insert into SQLite (WAL, synchronous FULL) median \(Measure.milliseconds(sqlite)), "
                        + "p99 \(Measure.milliseconds(percentile(sample.sqlite, 0.99))) → \(Measure.ratio(ratio)); "
                        + "the same write without a file (the engine alone) \(Measure.milliseconds(Spread(sample.unpersisted).median))",
                    goal: "≤ 2× SQLite's median", met: ratio <= 2))
        }
        if let first = samples.first, let last = samples.last {
            let growth = Spread(last.fitKit).median / Spread(first.fitKit).median
            figures.append(
                Figure(
                    id: "P7",
                    text:
                        "P7 the median write at \(last.rows) rows vs at \(first.rows) rows → \(Measure.ratio(growth))",
                    goal: "≤ 1.5×", met: growth <= 1.5))
        }
        figures.append(
            Figure(
                id: "P7",
                text:
                    "P7 opening the persisted embedded database at \(samples.last?.rows ?? 0) rows (every row read): "
                    + Measure.milliseconds(openTime)
                    + (openMemory.map { ", resident memory +\(ResidentMemory.megabytes($0)) once open" } ?? "")))
        return figures
    }
}

/// P7's SQLite peer: an events table in a SQLite file through GRDB, with FitKit's durability settings.
struct SQLitePersistedPeer {
    private let queue: DatabaseQueue
    private let member = UUID()

    init(url: URL, rows: Int) throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        queue = try DatabaseQueue(path: url.path, configuration: configuration)
        _ = try queue.writeWithoutTransaction { db in try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") }
        try queue.write { db in
            try db.execute(
                sql: """
                    create table events (
                        id text primary key, member_id text not null, title text not null, date text not null,
                        text_color text not null);
                    create index events_member on events (member_id);
                    """)
            let insert = try db.makeStatement(
                sql: "insert into events (id, member_id, title, date, text_color) values (?, ?, ?, ?, ?)")
            let date = Date()
            for index in 0..<rows {
                try insert.execute(arguments: [
                    UUID().uuidString, member.uuidString, "Event \(index)", date, "#000000FF",
                ])
            }
        }
    }

    /// One event inserted and committed.
    func insert(title: String, date: Date) throws {
        try queue.write { db in
            try db.execute(
                sql: "insert into events (id, member_id, title, date, text_color) values (?, ?, ?, ?, ?)",
                arguments: [UUID().uuidString, member.uuidString, title, date, "#000000FF"])
        }
    }
}
