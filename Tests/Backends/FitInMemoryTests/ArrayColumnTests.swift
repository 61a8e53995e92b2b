import FitCore
import Foundation
import Testing

@testable import FitInMemory

/// `text[]` and `integer[]` columns: PostgreSQL's array literals, JSON arrays on the wire, ordering and
/// persistence.
@Suite struct ArrayColumnTests {
    static let table = TableSchema(
        name: "lists",
        columns: [
            Column("id", .integer),
            Column("tags", .textArray, nullable: true),
            Column("scores", .integerArray, nullable: true),
        ],
        access: .publicRead)

    @Test(arguments: [
        ("{}", [String?]()),
        ("{a,b}", ["a", "b"]),
        (" { a , \"b c\" , NULL , \"NULL\" } ", ["a", "b c", nil, "NULL"]),
        ("{\"x,y\",\"q\\\"uote\",back\\\\slash}", ["x,y", "q\"uote", "back\\slash"]),
    ])
    func readsArrayLiterals(_ text: String, _ expected: [String?]) throws {
        #expect(ArrayLiteral.elements(of: text) == expected)
        let cast = try ColumnType.textArray.cast(text: text)
        #expect(cast == .array(expected.map { $0.map(DatabaseValue.text) ?? .null }))
    }

    @Test(arguments: ["", "a", "{a", "{a,}", "{,a}", "{{a}}", "{a}b", "{\"a}"])
    func refusesMalformedLiteralsWith22P02(_ text: String) {
        #expect(ArrayLiteral.elements(of: text) == nil)
        let error = #expect(throws: DatabaseError.self) { try ColumnType.textArray.cast(text: text) }
        #expect(error?.code == "22P02")
    }

    @Test func theLiteralQueryValueWritesReadsBack() throws {
        let values: [QueryValue] = [
            .string("a"), .string("b c"), .null, .string(""), .string("null"), .string("{x}"), .string(" y"),
        ]
        let literal = QueryValue.list(values).arrayLiteral
        #expect(literal == #"{a,b c,NULL,"","null","{x}"," y"}"#)
        #expect(ArrayLiteral.elements(of: literal) == ["a", "b c", nil, "", "null", "{x}", " y"])
    }

    @Test func integerArraysCastTheirElements() throws {
        #expect(try ColumnType.integerArray.cast(text: "{1, 2,NULL}") == .array([.integer(1), .integer(2), .null]))
        #expect(throws: DatabaseError.self) { try ColumnType.integerArray.cast(text: "{1,x}") }
    }

    @Test func arraysAreJSONArraysOnTheWireAndOrderElementByElement() async throws {
        let database = try InMemoryDatabase()
        try database.createTable(Self.table)
        let client = database.client(as: .service)
        try await client.from("lists").insert(
            [
                ["id": 1, "tags": ["b"], "scores": [2, 1]],
                ["id": 2, "tags": ["a", "z"], "scores": [2]],
                ["id": 3, "tags": nil, "scores": []],
                ["id": 4, "tags": "{a}", "scores": "{2,1,0}"],
            ] as JSONValue
        ).execute()
        let rows: JSONValue = try await client.from("lists").select().order("tags").order("id").execute().value
        #expect(
            rows
                == [
                    ["id": 4, "tags": ["a"], "scores": [2, 1, 0]],
                    ["id": 2, "tags": ["a", "z"], "scores": [2]],
                    ["id": 1, "tags": ["b"], "scores": [2, 1]],
                    ["id": 3, "tags": nil, "scores": []],
                ])
        let byScores: [JSONValue] = try await client.from("lists").select("id").order("scores").execute().value
        #expect(byScores == [["id": 3], ["id": 2], ["id": 1], ["id": 4]])
        let equal: [JSONValue] = try await client.from("lists").select("id").eq("tags", value: "{a,z}").execute().value
        #expect(equal == [["id": 2]])
    }

    @Test func arraysSurvivePersistence() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fitkit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("db.json")
        let first = try InMemoryDatabase(persistingTo: url)
        try first.createTable(Self.table)
        try await first.client(as: .service).from("lists").insert(
            ["id": 1, "tags": ["a b", nil, "c,d"], "scores": [3, nil]] as JSONValue
        ).execute()

        let reopened = try InMemoryDatabase(persistingTo: url)
        try reopened.createTable(Self.table)
        let rows: JSONValue = try await reopened.client(as: .service).from("lists").select().execute().value
        #expect(rows == [["id": 1, "tags": ["a b", nil, "c,d"], "scores": [3, nil]]])
    }
}
