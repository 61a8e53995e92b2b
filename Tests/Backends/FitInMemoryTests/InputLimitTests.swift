import Events
import FitCore
import FitInMemory
import FitTesting
import Foundation
import Testing

/// Outsized and hostile input gets a typed error or a correct answer, never a crash, a stack overflow or
/// unbounded memory: filters nested thousands deep, a 10 MB title, a 100,000-value `in` list, a 100 MB
/// database file cut short, JSON nested 100,000 deep.
@Suite struct InputLimitTests {
    /// `or(title.eq.x,or(title.eq.x,or(…)))`, `depth` groups deep.
    static func nestedOr(depth: Int) -> String {
        String(repeating: "or(title.eq.x,", count: depth - 1) + "title.eq.x" + String(repeating: ")", count: depth - 1)
    }

    @Test func anOrNestedTenThousandDeepIsRefusedBeforeItIsSent() async throws {
        let fixture = try await FitFixture.make()
        let client = fixture.client(as: fixture.alice)
        fixture.database.clearRequestLog()
        await #expect {
            try await client.from("events").select().or(Self.nestedOr(depth: 10_000)).execute()
        } throws: { error in
            (error as? DatabaseError)?.code == "PGRST100"
        }
        #expect(fixture.database.requests.isEmpty)
    }

    @Test func anOrAtTheLimitIsAnswered() async throws {
        let fixture = try await FitFixture.make()
        let client = fixture.client(as: fixture.alice)
        let deepest = Filter.maximumNesting  // the builder's or( adds the outermost level
        let rows: [JSONValue] = try await client.from("events").select().or(Self.nestedOr(depth: deepest))
            .execute().value
        #expect(rows.isEmpty)
        await #expect {
            try await client.from("events").select().or(Self.nestedOr(depth: deepest + 1)).execute()
        } throws: { error in
            (error as? DatabaseError)?.code == "PGRST100"
        }
    }

    @Test func aFilterTreeBuiltTenThousandDeepIsRefused() async throws {
        let fixture = try await FitFixture.make()
        var filter = Filter.condition(column: "title", operator: .eq, value: .string("x"))
        for _ in 0..<10_000 { filter = .not(filter) }
        #expect(filter.nesting == 10_000)
        fixture.database.clearRequestLog()
        await #expect {
            try await fixture.client(as: fixture.alice).from("events").select().filter(filter).execute()
        } throws: { error in
            (error as? DatabaseError)?.code == "PGRST100"
        }
        #expect(fixture.database.requests.isEmpty)
    }

    @Test func aTenMegabyteTitleIsRefusedByTheCheckAndNothingIsStored() async throws {
        let fixture = try await FitFixture.make()
        let queries = EventsQueries(client: fixture.client(as: fixture.alice))
        let before = try await queries.getEvents()
        let title = String(repeating: "a", count: 10 * 1024 * 1024)
        await #expect {
            try await queries.createEvent(Event(title: title, date: TestClock.defaultStartDate))
        } throws: { error in
            (error as? DatabaseError)?.code == "23514"
        }
        #expect(try await queries.getEvents() == before)
    }

    @Test func aHundredThousandValueInListIsAnswered() async throws {
        let fixture = try await FitFixture.make()
        let service = fixture.database.client(as: .service)
        let sessions: [JSONValue] = try await service.from("class_sessions").select("id").execute().value
        let known = sessions.compactMap { $0["id"].flatMap { if case .string(let id) = $0 { id } else { nil } } }
        #expect(!known.isEmpty)
        let values = known + (0..<(100_000 - known.count)).map { _ in UUID().uuidString.lowercased() }
        let found: [JSONValue] = try await service.from("class_sessions").select("id").in("id", values: values)
            .execute().value
        #expect(found.count == known.count)
    }

    @Test func aHundredMegabyteFileThatIsCutShortIsReportedAndKept() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("large-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("database.json")
        // 100 MB of rows in a well-formed document that stops mid-row, as a full disk would leave it.
        let row = Data(
            #"{"id":"00000000-0000-4000-8000-000000000000","title":"\#(String(repeating: "x", count: 900))"},"#.utf8)
        var contents = Data(#"{"format":"fitkit-in-memory-database","version":1,"tables":{"events":["#.utf8)
        contents.reserveCapacity(100 * 1024 * 1024 + 1024)
        while contents.count < 100 * 1024 * 1024 { contents.append(row) }
        contents.append(Data(#"{"id":"#.utf8))
        try contents.write(to: file)
        #expect {
            _ = try InMemoryDatabase(persistingTo: file)
        } throws: { error in
            guard case .corrupt(let url, _)? = error as? PersistenceError else { return false }
            return url == file
        }
        #expect(try Data(contentsOf: file) == contents)
    }

    @Test func jsonNestedAHundredThousandDeepIsADecodingError() throws {
        let depth = 100_000
        let body = Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
        #expect(throws: ResponseDecodingError.self) {
            try ResponseDecoder.decode(JSONValue.self, from: body, source: "events")
        }
        let object = Data(
            (String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)).utf8)
        #expect(throws: ResponseDecodingError.self) {
            try ResponseDecoder.decode(JSONValue.self, from: object, source: "events")
        }
    }
}
