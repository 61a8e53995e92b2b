import FitCore
import Foundation
import Testing

@testable import FitInMemory

/// The persisted database on SQLite: a commit writes its own rows and no others, a JSON file from before is converted
/// with nothing lost, and a damaged file or log is reported or recovered as SQLite's log recovery allows — never
/// overwritten.
@Suite struct SQLiteStorageTests {
    static let table = TableSchema(
        name: "notes",
        columns: [Column("id", .integer), Column("text", .text)],
        access: .publicRead)

    struct Note: Codable, Sendable, Equatable {
        var id: Int
        var text: String
    }

    /// A fresh folder, removed when `body` ends.
    static func inFolder(_ body: (URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fitkit-sqlite-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder)
    }

    static func open(_ url: URL) throws -> InMemoryDatabase {
        let database = try InMemoryDatabase(persistingTo: url)
        try database.createTable(table)
        return database
    }

    static func notes(in database: InMemoryDatabase) async throws -> [Note] {
        try await database.client(as: .service).from("notes").select().order("id").execute().value
    }

    static func insert(_ notes: [Note], into database: InMemoryDatabase) async throws {
        try await database.client(as: .service).from("notes").insert(notes).execute()
    }

    static func size(_ url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? 0
    }

    static func bytes(_ url: URL) -> Data? {
        FileManager.default.contents(atPath: url.path)
    }

    @Test("a commit of one row writes a few pages, not the table: the log grows by at most 3 pages at 5,000 rows")
    func aCommitWritesItsOwnRows() async throws {
        try await Self.inFolder { folder in
            let url = folder.appendingPathComponent("notes.db")
            let database = try Self.open(url)
            try await Self.insert(
                (1...5_000).map { Note(id: $0, text: String(repeating: "n", count: 100)) }, into: database)
            let log = URL(fileURLWithPath: url.path + "-wal")
            let before = Self.size(log)
            try await database.client(as: .service).from("notes").update(["text": "changed"] as JSONValue).eq(
                "id", value: 2_500
            )
            .execute()
            let grown = Self.size(log) - before
            // A WAL frame is a 4 KB page and a 24-byte header.
            #expect(grown > 0 && grown <= 3 * (4_096 + 24), "the log grew by \(grown) bytes")
            #expect(try await Self.notes(in: Self.open(url)).first { $0.id == 2_500 }?.text == "changed")
        }
    }

    @Test("a row replaced by an equal one, as a replica takes the server's unchanged rows, writes nothing")
    func anUnchangedRowWritesNothing() async throws {
        try await Self.inFolder { folder in
            let url = folder.appendingPathComponent("notes.db")
            let saves = LockedState(0)
            let database = try InMemoryDatabase(
                now: { Date() }, file: PersistenceFile(url: url) { saves.withLock { $0 += 1 } })
            try database.createTable(Self.table)
            let notes = (1...100).map { Note(id: $0, text: "n\($0)") }
            try await Self.insert(notes, into: database)
            try await database.client(as: .service).from("notes").upsert(notes).execute()
            #expect(saves.value == 1)
            try await database.client(as: .service).from("notes").upsert([Note(id: 1, text: "one")] + notes.dropFirst())
                .execute()
            #expect(saves.value == 2)
        }
    }

    @Test("rows keep their order, an update keeps its row's place, and a delete removes only its row")
    func orderUpdatesAndDeletesSurviveAReopen() async throws {
        try await Self.inFolder { folder in
            let url = folder.appendingPathComponent("notes.db")
            let database = try Self.open(url)
            try await Self.insert([3, 1, 2].map { Note(id: $0, text: "n\($0)") }, into: database)
            try await database.client(as: .service).from("notes").update(["text": "one"] as JSONValue).eq(
                "id", value: 1
            )
            .execute()
            try await database.client(as: .service).from("notes").delete().eq("id", value: 2).execute()
            try await Self.insert([Note(id: 0, text: "n0")], into: database)
            let reopened = try Self.open(url)
            let unordered: [Note] = try await reopened.client(as: .service).from("notes").select().execute().value
            #expect(unordered == [Note(id: 3, text: "n3"), Note(id: 1, text: "one"), Note(id: 0, text: "n0")])
        }
    }

    @Test("a JSON file from before is converted on first open: its rows kept, its bytes beside it, keys learned")
    func aJSONFileIsConverted() async throws {
        try await Self.inFolder { folder in
            let url = folder.appendingPathComponent("fitkit.json")
            let json = Data(
                #"{"format":"fitkit-in-memory-database","version":1,"tables":{"notes":[{"id":1,"text":"a"},{"id":2,"text":"b"}],"later":[{"id":7}]}}"#
                    .utf8)
            try json.write(to: url)
            let database = try Self.open(url)
            #expect(try await Self.notes(in: database) == [Note(id: 1, text: "a"), Note(id: 2, text: "b")])
            #expect(Self.bytes(url)?.prefix(16) == Data("SQLite format 3\0".utf8))
            #expect(Self.bytes(url.appendingPathExtension("v1-backup")) == json)
            // A converted row learned its key: changing it replaces it rather than adding a second.
            try await database.client(as: .service).from("notes").update(["text": "A"] as JSONValue).eq("id", value: 1)
                .execute()
            let reopened = try Self.open(url)
            #expect(try await Self.notes(in: reopened) == [Note(id: 1, text: "A"), Note(id: 2, text: "b")])
            // The rows of a table not created yet were converted too, and wait for it.
            try reopened.createTable(TableSchema(name: "later", columns: [Column("id", .integer)], access: .publicRead))
            let later: [JSONValue] = try await reopened.client(as: .service).from("later").select().execute().value
            #expect(later == [["id": 7]])
        }
    }

    /// A copy of the database's file and its log as a crash would leave them (the database still open).
    static func crashCopy(of url: URL, to copy: URL) throws {
        try FileManager.default.copyItem(at: url, to: copy)
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: url.path + "-wal"), to: URL(fileURLWithPath: copy.path + "-wal"))
    }

    @Test(
        "a log cut short (a crash mid-commit) or damaged mid-frame keeps the commits before the damage, and no other",
        arguments: ["torn", "damaged"])
    func aDamagedLogKeepsTheCommitsBeforeIt(_ damage: String) async throws {
        try await Self.inFolder { folder in
            let url = folder.appendingPathComponent("notes.db")
            let database = try Self.open(url)
            try await Self.insert([Note(id: 1, text: "first")], into: database)
            let afterFirst = Self.size(URL(fileURLWithPath: url.path + "-wal"))
            try await Self.insert([Note(id: 2, text: "second")], into: database)
            try await Self.insert([Note(id: 3, text: "third")], into: database)
            let copy = folder.appendingPathComponent("copy.db")
            try Self.crashCopy(of: url, to: copy)
            let copiedLog = URL(fileURLWithPath: copy.path + "-wal")
            var bytes = try #require(Self.bytes(copiedLog))
            if damage == "torn" {
                bytes = bytes.prefix(afterFirst + 100)
            } else {
                for offset in afterFirst + 200..<afterFirst + 260 { bytes[offset] ^= 0xFF }
            }
            try bytes.write(to: copiedLog)
            #expect(try await Self.notes(in: Self.open(copy)) == [Note(id: 1, text: "first")])
        }
    }

    @Test(
        "a database file cut short or overwritten is a typed error, and neither it nor its log is written",
        arguments: ["truncated", "overwritten"])
    func aDamagedFileIsReportedAndKept(_ damage: String) async throws {
        try await Self.inFolder { folder in
            let url = folder.appendingPathComponent("notes.db")
            do {
                let database = try Self.open(url)
                try await Self.insert((1...2_000).map { Note(id: $0, text: "note \($0)") }, into: database)
            }  // closed: everything is in the file
            var bytes = try #require(Self.bytes(url))
            if damage == "truncated" {
                bytes = bytes.prefix(bytes.count / 2)
            } else {
                for offset in 4_096..<8_192 { bytes[offset] = 0x5A }
            }
            try bytes.write(to: url)
            expectCorrupt(url) { _ = try Self.open(url) }
            #expect(Self.bytes(url) == bytes)
            #expect(Self.size(URL(fileURLWithPath: url.path + "-wal")) == 0)
        }
    }

    @Test("a SQLite database that is not FitKit's is a typed error and left as it is")
    func aForeignSQLiteFileIsReported() async throws {
        try await Self.inFolder { folder in
            let url = folder.appendingPathComponent("other.db")
            do {
                let other = try SQLiteConnection(path: url.path, create: true)
                try other.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
            }
            let before = try #require(Self.bytes(url))
            let error = #expect(throws: PersistenceError.self) { _ = try Self.open(url) }
            #expect(error == .corrupt(url, reason: "the file is a SQLite database, but not a FitKit one"))
            #expect(Self.bytes(url) == before)
        }
    }

    @Test("a transaction that fails after an insert, an update and a delete leaves the table, its keys and its file")
    func aFailedTransactionTakesBackEveryWrite() async throws {
        try await Self.inFolder { folder in
            let url = folder.appendingPathComponent("notes.db")
            let database = try Self.open(url)
            try await Self.insert((1...5).map { Note(id: $0, text: "n\($0)") }, into: database)
            let client = database.client(as: .service)
            let steps: [(query: DatabaseQuery, role: DatabaseRole)] = [
                (client.from("notes").insert([Note(id: 6, text: "n6")]).query, .service),
                (client.from("notes").update(["text": "changed"] as JSONValue).eq("id", value: 2).query, .service),
                (client.from("notes").delete().eq("id", value: 3).query, .service),
                (client.from("notes").insert([Note(id: 7, text: "n7")]).query, .service),
                // A key that exists: the transaction fails here.
                (client.from("notes").insert([Note(id: 1, text: "again")]).query, .service),
            ]
            #expect(throws: DatabaseError.self) { _ = try database.transaction(steps) }
            let before = (1...5).map { Note(id: $0, text: "n\($0)") }
            let unordered: [Note] = try await client.from("notes").select().execute().value
            #expect(unordered == before)
            // The keys are as they were: 3 is back, 6 and 7 are free again.
            await #expect(throws: DatabaseError.self) {
                try await Self.insert([Note(id: 3, text: "x")], into: database)
            }
            try await Self.insert([Note(id: 6, text: "six"), Note(id: 7, text: "seven")], into: database)
            let expected = before + [Note(id: 6, text: "six"), Note(id: 7, text: "seven")]
            #expect(try await client.from("notes").select().execute().value == expected)
            // The file holds what was committed, and nothing of the failed transaction.
            let reopened: [Note] = try await Self.open(url).client(as: .service).from("notes").select().execute().value
            #expect(reopened == expected)
        }
    }
}
