import FitCore
import FitTesting
import Foundation
import Testing

@testable import FitInMemory

/// The embedded database's reads decode straight from its values (no JSON written or parsed), with exactly the
/// results and the errors of decoding the JSON it would have sent: every column type, nulls, casts and aliases,
/// mismatched types, `single()` and `maybeSingle()`, dictionaries and `JSONValue`, and random values.
@Suite struct DirectDecodingTests {
    static let table = TableSchema(
        name: "samples",
        columns: [
            Column("id", .integer), Column("ref", .uuid, nullable: true), Column("label", .text, nullable: true),
            Column("amount", .integer, nullable: true), Column("price", .numeric, nullable: true),
            Column("ratio", .double, nullable: true), Column("flag", .boolean, nullable: true),
            Column("happened_at", .timestamp, nullable: true), Column("day", .date, nullable: true),
            Column("doc", .json, nullable: true), Column("tags", .textArray, nullable: true),
            Column("counts", .integerArray, nullable: true),
        ],
        access: .publicRead)

    static let rows: [JSONValue] = [
        [
            "id": 1, "ref": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "label": "Yoga ✓ \"quoted\"\n", "amount": 42,
            "price": 12.5, "ratio": 0.1, "flag": true, "happened_at": "2026-06-04T18:00:00.123456+02:00",
            "day": "2026-06-04", "doc": ["snake_key": ["inner_value": 1], "list": [1, "two", nil]],
            "tags": ["a", "b c"], "counts": [3, 1],
        ],
        [
            "id": 2, "ref": nil, "label": nil, "amount": nil, "price": nil, "ratio": nil, "flag": nil,
            "happened_at": nil, "day": nil, "doc": nil, "tags": nil, "counts": nil,
        ],
        [
            "id": 3, "ref": "00000000-0000-4000-8000-000000000003", "label": "",
            "amount": .number(Decimal(Int32.max)), "price": .number(Decimal(string: "123456789012345678.987654321")!),
            "ratio": -1.5e-7, "flag": false, "happened_at": "1999-12-31T23:59:59.9995Z", "day": "2000-02-29",
            "doc": .null, "tags": [], "counts": [],
        ],
        [
            "id": 4, "ref": "00000000-0000-4000-8000-000000000004", "label": "6f9619ff-8b86-d011-b42d-00c04fc964ff",
            "amount": -7, "price": 3, "ratio": 12, "flag": true, "happened_at": "2026-01-01T00:00:00Z",
            "day": "2026-01-01", "doc": "just text", "tags": ["x"], "counts": [-1],
        ],
    ]

    struct Typed: Codable, Equatable, Sendable {
        var id: Int
        var ref: UUID?
        var label: String?
        var amount: Int64?
        var price: Decimal?
        var ratio: Double?
        var flag: Bool?
        var happenedAt: Date?
        var day: String?
        var doc: JSONValue?
        var tags: [String]?
        var counts: [Int]?
    }

    enum Kind: String, Codable, Equatable, Sendable {
        case yoga = "Yoga"
        case empty = ""
    }

    struct Loose: Codable, Equatable, Sendable {
        var id: Int8
        var ref: String?
        var happenedAt: String?
        var price: Double?
        var ratio: Float?
        var amount: Decimal?
    }

    struct Mismatched: Codable, Equatable, Sendable {
        var id: Int
        var label: Int?
    }

    struct Narrow: Codable, Equatable, Sendable {
        var amount: Int8?
    }

    struct UUIDFromText: Codable, Equatable, Sendable {
        var label: UUID
    }

    struct Required: Codable, Equatable, Sendable {
        var id: Int
        var label: String
    }

    struct Aliased: Codable, Equatable, Sendable {
        var number: Int
        var amountText: String?
        var when: Date?
    }

    struct WithKind: Codable, Equatable, Sendable {
        var label: Kind?
    }

    struct Refusing: Decodable, Equatable, Sendable {
        struct TooSmall: Error, CustomStringConvertible {
            var description: String { "too small" }
        }
        var id: Int
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            if id < 3 { throw TooSmall() }
        }
        enum CodingKeys: String, CodingKey { case id }
    }

    static func database(_ rows: [JSONValue] = rows) async throws -> InMemoryDatabase {
        let database = try InMemoryDatabase()
        try database.createTable(table)
        try await database.client(as: .service).from("samples").insert(JSONValue.array(rows)).execute()
        return database
    }

    /// Decodes the answer both ways and requires the same value or the same error.
    @discardableResult
    static func same<T: Decodable & Equatable>(
        _ type: T.Type, _ query: FilterBuilder, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Result<T, any Error> {
        let raw = try await query.executeRaw()
        #expect(raw.values != nil, "an answer in the engine's values", sourceLocation: sourceLocation)
        let direct = Result { try ResponseDecoder.decode(T.self, from: raw, source: "samples") }
        let viaJSON = Result { try ResponseDecoder.decode(T.self, from: raw.data, source: "samples") }
        switch (direct, viaJSON) {
        case (.success(let a), .success(let b)):
            #expect(a == b, sourceLocation: sourceLocation)
        case (.failure(let a), .failure(let b)):
            #expect(String(describing: a) == String(describing: b), sourceLocation: sourceLocation)
        default:
            Issue.record("direct: \(direct); through JSON: \(viaJSON)", sourceLocation: sourceLocation)
        }
        return direct
    }

    @Test func typedRowsOfEveryColumnTypeReadDirectlyAndEqualTheJSONPath() async throws {
        let database = try await Self.database()
        let query = database.client(as: .service).from("samples").select().order("id")
        let rows = try await Self.same([Typed].self, query).get()
        #expect(rows.map(\.id) == [1, 2, 3, 4])
        #expect(rows[0].ref == UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF"))
        #expect(rows[0].happenedAt == WireDate.date(from: "2026-06-04T16:00:00.123Z"))
        #expect(rows[2].amount == Int64(Int32.max))
        #expect(rows[1] == Typed(id: 2))
        // The common types are read without falling back to JSON.
        let raw = try await query.executeRaw()
        let values = try #require(raw.values)
        struct Plain: Decodable, Equatable {
            var id: Int
            var ref: UUID?
            var label: String?
            var amount: Int?
            var price: Decimal?
            var ratio: Double?
            var flag: Bool?
            var happenedAt: Date?
        }
        let direct = try values.decode([Plain].self)
        #expect(direct == (try ResponseDecoder.decode([Plain].self, from: raw.data, source: "samples")))
    }

    @Test func looserTypesAndMismatchesGiveTheJSONPathsValuesAndErrors() async throws {
        let database = try await Self.database()
        let client = database.client(as: .service)
        let all = client.from("samples").select().order("id")
        try await Self.same([Loose].self, all)
        #expect((try await Self.same([Mismatched].self, all)).isFailure)
        #expect((try await Self.same([UUIDFromText].self, all)).isFailure)
        #expect((try await Self.same([Narrow].self, all)).isFailure)
        try await Self.same([Narrow].self, client.from("samples").select("amount").in("id", values: [1, 2, 4]))
        #expect((try await Self.same([Required].self, all)).isFailure)
        #expect((try await Self.same([Refusing].self, all)).isFailure)
        try await Self.same([UUIDFromText].self, client.from("samples").select("label").eq("id", value: 4))
        try await Self.same([WithKind].self, client.from("samples").select("label").in("id", values: [2, 3]))
        #expect((try await Self.same([WithKind].self, all)).isFailure)
        try await Self.same([Refusing].self, client.from("samples").select("id").gte("id", value: 3))
        try await Self.same([Int8].self, all)
        try await Self.same([[String: JSONValue]].self, all)
        try await Self.same(JSONValue.self, all)
        try await Self.same([JSONValue].self, all)
    }

    @Test func castsAliasesAndCardinalities() async throws {
        let database = try await Self.database()
        let client = database.client(as: .service)
        let aliased = client.from("samples").select("number:id,amountText:amount::text,when:happened_at")
        try await Self.same([Aliased].self, aliased.order("id"))
        try await Self.same(Aliased.self, aliased.eq("id", value: 1).single())
        try await Self.same(Aliased?.self, aliased.eq("id", value: 1).maybeSingle())
        #expect(try await Self.same(Aliased?.self, aliased.eq("id", value: 9).maybeSingle()).get() == nil)
        #expect((try await Self.same(Aliased.self, aliased.eq("id", value: 9).maybeSingle())).isFailure)
        #expect((try await Self.same(Aliased.self, aliased.order("id"))).isFailure)
        #expect((try await Self.same([Aliased].self, aliased.eq("id", value: 1).single())).isFailure)
        try await Self.same([String: JSONValue].self, aliased.eq("id", value: 1).single())
        try await Self.same(JSONValue.self, aliased.eq("id", value: 1).single())
        try await Self.same([Typed].self, client.from("samples").select("*,extra:label").order("id"))
        // A write's representation reads the same way.
        let row: JSONValue = ["id": 9, "label": "new", "happened_at": "2026-06-04T18:00:00Z"]
        let inserted = client.from("samples").insert(row)
            .select()
        #expect(try await Self.same([Typed].self, inserted).get().map(\.label) == ["new"])
    }

    /// Random texts, integers, decimals, doubles and instants (to the sub-millisecond) read the same both ways.
    @Test func randomValuesReadTheSameBothWays() async throws {
        var generator = SeededRandomNumberGenerator(seed: 7)
        let alphabet = Array("aZ09 _-\"\\/\n\t✓é😀\u{0}\u{1F}")
        let rows: [JSONValue] = (0..<400).map { index in
            let text = String((0..<Int(generator.next() % 12)).map { _ in alphabet[Int(generator.next() % 16)] })
            let double = Double(bitPattern: generator.next())
            let instant = Double(Int64(bitPattern: generator.next()) % 20_000_000_000_000) / 1000 + 0.000_4
            return [
                "id": .number(Decimal(index)), "label": .string(text),
                "amount": .number(Decimal(Int32(truncatingIfNeeded: generator.next()))),
                "price": .number(Decimal(Int64(bitPattern: generator.next())) / 1000),
                "ratio": double.isFinite ? .number(Decimal(string: String(double)) ?? 0) : .number(Decimal(index)),
                "happened_at": .string(WireDate.string(from: Date(timeIntervalSince1970: instant))),
            ]
        }
        let database = try await Self.database(rows)
        try await Self.same([Typed].self, database.client(as: .service).from("samples").select().order("id"))
        try await Self.same([Loose].self, database.client(as: .service).from("samples").select().order("id"))
    }
}

extension Result {
    fileprivate var isFailure: Bool {
        if case .failure = self { true } else { false }
    }
}
