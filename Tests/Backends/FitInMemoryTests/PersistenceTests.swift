import FitCore
import Foundation
import Testing

@testable import FitInMemory

/// File persistence: round trip, corrupt files left untouched, interrupted saves.
@Suite struct PersistenceTests {
    static let table = TableSchema(
        name: "things",
        columns: [
            Column("id", .uuid, default: .generatedUUID),
            Column("name", .text),
            Column("at", .timestamp, nullable: true),
            Column("amount", .numeric, nullable: true),
            Column("count", .integer, nullable: true),
            Column("ratio", .double, nullable: true),
            Column("flag", .boolean, nullable: true),
            Column("day", .date, nullable: true),
            Column("payload", .json, nullable: true),
        ],
        checks: [CheckConstraint(name: "things_name_check") { $0["name"].textValue.map { !$0.isEmpty } ?? true }],
        access: .publicRead)

    struct Thing: Codable, Sendable, Equatable {
        var id: UUID
        var name: String
        var at: Date?
        var amount: Decimal?
        var count: Int?
        var ratio: Double?
        var flag: Bool?
        var day: String?
        var payload: JSONValue?
    }

    /// A fresh directory per test, removed by the caller.
    private static func temporaryFile() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fitcore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("db.json")
    }

    private static func open(_ url: URL) throws -> InMemoryDatabase {
        let database = try InMemoryDatabase(persistingTo: url)
        try database.createTable(table)
        return database
    }

    private static func things(in database: InMemoryDatabase) async throws -> [Thing] {
        try await database.client(as: .service).from("things").select().order("name").execute().value
    }

    static let full = Thing(
        id: UUID(), name: "full", at: WireDate.date(from: "2026-06-04T20:00:00.123+02:00")!,
        amount: Decimal(string: "1234.56"),
        count: -7, ratio: 0.25, flag: true, day: "2026-06-04",
        payload: ["sets": [["reps": 5, "weight_kg": 62.5]], "note": nil])
    static let empty = Thing(
        id: UUID(), name: "nulls", at: nil, amount: nil, count: nil, ratio: nil, flag: nil, day: nil, payload: nil)

    @Test func rowsSurviveAReopenWithEveryType() async throws {
        let url = try Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let first = try Self.open(url)
        try await first.client(as: .service).from("things").insert([Self.full, Self.empty]).execute()

        let reopened = try Self.open(url)
        #expect(try await Self.things(in: reopened) == [Self.full, Self.empty])
    }

    @Test func tablesNotCreatedYetAreKeptInTheFile() async throws {
        let url = try Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let first = try Self.open(url)
        try first.createTable(TableSchema(name: "other", columns: [Column("id", .integer)], access: .publicRead))
        try await first.client(as: .service).from("other").insert(["id": 1] as JSONValue).execute()

        let second = try Self.open(url)  // does not create "other"
        try await second.client(as: .service).from("things").insert(Self.empty).execute()

        let third = try Self.open(url)
        try third.createTable(TableSchema(name: "other", columns: [Column("id", .integer)], access: .publicRead))
        struct Row: Decodable, Sendable { var id: Int }
        let others: [Row] = try await third.client().from("other").select().execute().value
        #expect(others.map(\.id) == [1])
        #expect(try await Self.things(in: third) == [Self.empty])
    }

    @Test func aDefaultNowSurvivesManyReopensWithoutDrift() async throws {
        let url = try Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let schema = TableSchema(
            name: "stamps", columns: [Column("id", .integer), Column("at", .timestamp, default: .now)],
            access: .publicRead)
        let first = try InMemoryDatabase(now: { Date(timeIntervalSince1970: 1_780_596_000.002_9) }, persistingTo: url)
        try first.createTable(schema)
        try await first.client(as: .service).from("stamps").insert(["id": 1] as JSONValue).execute()
        struct Stamp: Decodable, Sendable, Equatable {
            var id: Int
            var at: Date
        }
        let original: Stamp = try await first.client().from("stamps").select().single().execute().value
        for round in 2...5 {
            let reopened = try InMemoryDatabase(persistingTo: url)
            try reopened.createTable(schema)
            try await reopened.client(as: .service).from("stamps").insert(["id": .number(Decimal(round))] as JSONValue)
                .execute()
            let again: Stamp = try await reopened.client().from("stamps").select().eq("id", value: 1).single().execute()
                .value
            #expect(again == original, "round \(round)")
        }
        #expect(WireDate.string(from: original.at) == "2026-06-04T18:00:00.003Z")
    }

    @Test func aFailedWriteIsNotSaved() async throws {
        let url = try Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let database = try Self.open(url)
        try await database.client(as: .service).from("things").insert(Self.empty).execute()
        let before = try Data(contentsOf: url)
        await #expect(throws: DatabaseError.self) {
            try await database.client(as: .service).from("things").insert(Thing(id: UUID(), name: "")).execute()
        }
        #expect(try Data(contentsOf: url) == before)
    }

    struct CorruptCase: Sendable, CustomStringConvertible {
        let description: String
        let contents: String
    }

    static let validPrefix = #"{"format":"fitkit-in-memory-database","version":1,"tables":"#

    static let corruptCases: [CorruptCase] = [
        .init(description: "not JSON", contents: "hello"),
        .init(description: "truncated", contents: validPrefix + #"{"things":[{"id":"#),
        .init(description: "empty", contents: ""),
        .init(description: "another format", contents: #"{"format":"something-else","version":1,"tables":{}}"#),
        .init(description: "no format", contents: #"{"tables":{}}"#),
        .init(
            description: "a future version",
            contents: #"{"format":"fitkit-in-memory-database","version":2,"tables":{}}"#),
        .init(description: "tables not an object", contents: validPrefix + "[]}"),
        .init(
            description: "a row of the wrong type",
            contents: validPrefix + #"{"things":[{"name":"a","count":"many"}]}}"#),
        .init(description: "an unknown column", contents: validPrefix + #"{"things":[{"name":"a","colour":"red"}]}}"#),
        .init(
            description: "a NULL in a NOT NULL column",
            contents: validPrefix + #"{"things":[{"id":"6f1c2b4a-0d3e-4c59-9a7b-1e2d3c4b5a69"}]}}"#),
        .init(description: "a failing check", contents: validPrefix + #"{"things":[{"name":""}]}}"#),
        .init(
            description: "a duplicate key",
            contents: validPrefix
                + #"{"things":[{"id":"6f1c2b4a-0d3e-4c59-9a7b-1e2d3c4b5a69","name":"a"},{"id":"6f1c2b4a-0d3e-4c59-9a7b-1e2d3c4b5a69","name":"b"}]}}"#
        ),
        .init(description: "rows not an array", contents: validPrefix + #"{"things":{"name":"a"}}}"#),
        .init(description: "a row not an object", contents: validPrefix + #"{"things":[1]}}"#),
    ]

    @Test(arguments: corruptCases)
    func aCorruptFileIsATypedErrorAndLeftUntouched(_ corruptCase: CorruptCase) throws {
        let url = try Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let bytes = Data(corruptCase.contents.utf8)
        try bytes.write(to: url)
        expectCorrupt(url) { _ = try Self.open(url) }
        // A file that is not a FitKit JSON database is not touched. One that is, with rows its table refuses, was
        // converted (its rows kept as they were, so the table is refused again), and its bytes stay beside it.
        let original = url.appendingPathExtension("v1-backup")
        if FileManager.default.fileExists(atPath: original.path) {
            #expect(try Data(contentsOf: original) == bytes)
            #expect(throws: PersistenceError.self) { _ = try Self.open(url) }
        } else {
            #expect(try Data(contentsOf: url) == bytes)
        }
    }

    /// Found by fuzzing (Fuzz/Corpus/persistence-file/empty): reading an empty file with `Data(contentsOf:)` leaks
    /// Foundation's 4 KB read buffer on Linux, so an empty file is refused before it is read, with its own reason.
    @Test func anEmptyFileIsCorruptAndNotRead() throws {
        let url = try Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try Data().write(to: url)
        let error = #expect(throws: PersistenceError.self) { _ = try Self.open(url) }
        #expect(error == .corrupt(url, reason: "the file is empty (truncated or damaged)"))
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int == 0)
    }

    @Test func aCorruptTableIsNotCreatedAndCanBeFixedLater() throws {
        let url = try Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try Data((Self.validPrefix + #"{"things":[{"name":"a","count":"many"}]}}"#).utf8).write(to: url)
        let database = try InMemoryDatabase(persistingTo: url)
        #expect(throws: PersistenceError.self) { try database.createTable(Self.table) }
        #expect(!database.hasRelation(named: "things"))
    }

    @Test func anInterruptedSaveThrowsKeepsMemoryAndThePreviousFile() async throws {
        let url = try Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let setup = try Self.open(url)
        try await setup.client(as: .service).from("things").insert(Self.full).execute()
        let before = try Data(contentsOf: url)

        // The power goes once the save has written its row, before its transaction commits.
        struct PowerCut: Error {}
        let file = try PersistenceFile(url: url) { throw PowerCut() }
        let database = try InMemoryDatabase(now: { Date() }, file: file)
        try database.createTable(Self.table)
        let error = await #expect(throws: PersistenceError.self) {
            try await database.client(as: .service).from("things").insert(Self.empty).execute()
        }
        guard case .writeFailed(let reported, _)? = error else {
            Issue.record("expected .writeFailed, got \(String(describing: error))")
            return
        }
        #expect(reported == url)
        #expect(try await Self.things(in: database) == [Self.full], "the failed write is not in memory either")
        #expect(try Data(contentsOf: url) == before)
        #expect(try await Self.things(in: Self.open(url)) == [Self.full])
    }
}
