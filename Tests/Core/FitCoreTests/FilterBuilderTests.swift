import FitCore
import FitInMemory
import FitTesting
import Foundation
import Testing

/// The builder produces the expected ``DatabaseQuery`` values, without running anything.
@Suite struct FilterBuilderTests {
    let client: any DatabaseClient = try! InMemoryDatabase().client(as: .service)
    static let id = UUID(uuidString: "6F1C2B4A-0D3E-4C59-9A7B-1E2D3C4B5A69")!
    static let date = Date(timeIntervalSince1970: 1_780_596_000.25)

    private func select(_ filters: [Filter] = []) -> DatabaseQuery {
        DatabaseQuery(target: "t", operation: .select, filters: filters)
    }

    struct OperatorCase: Sendable, CustomStringConvertible {
        let description: String
        let build: @Sendable (FilterBuilder) -> FilterBuilder
        let filter: Filter
    }

    static let operatorCases: [OperatorCase] = [
        .init(
            description: "eq", build: { $0.eq("a", value: 1) },
            filter: .condition(column: "a", operator: .eq, value: .integer(1))),
        .init(
            description: "neq", build: { $0.neq("a", value: "x") },
            filter: .condition(column: "a", operator: .neq, value: .string("x"))),
        .init(
            description: "gt", build: { $0.gt("a", value: 1.5) },
            filter: .condition(column: "a", operator: .gt, value: .double(1.5))),
        .init(
            description: "gte", build: { $0.gte("a", value: Decimal(string: "2.50")!) },
            filter: .condition(column: "a", operator: .gte, value: .decimal(Decimal(string: "2.5")!))),
        .init(
            description: "lt", build: { $0.lt("a", value: date) },
            filter: .condition(column: "a", operator: .lt, value: .date(date))),
        .init(
            description: "lte", build: { $0.lte("a", value: Int64(7)) },
            filter: .condition(column: "a", operator: .lte, value: .integer(7))),
        .init(
            description: "like", build: { $0.like("a", pattern: "x%") },
            filter: .condition(column: "a", operator: .like, value: .string("x%"))),
        .init(
            description: "ilike", build: { $0.ilike("a", pattern: "*x*") },
            filter: .condition(column: "a", operator: .ilike, value: .string("*x*"))),
        .init(
            description: "is null", build: { $0.is("a", value: nil) },
            filter: .condition(column: "a", operator: .is, value: .null)),
        .init(
            description: "is true", build: { $0.is("a", value: true) },
            filter: .condition(column: "a", operator: .is, value: .bool(true))),
        .init(
            description: "is false", build: { $0.is("a", value: false) },
            filter: .condition(column: "a", operator: .is, value: .bool(false))),
        .init(
            description: "in", build: { $0.in("a", values: [1, 2]) },
            filter: .condition(column: "a", operator: .in, value: .list([.integer(1), .integer(2)]))),
        .init(
            description: "in empty", build: { $0.in("a", values: [String]()) },
            filter: .condition(column: "a", operator: .in, value: .list([]))),
        .init(
            description: "not eq", build: { $0.not("a", operator: .eq, value: "x") },
            filter: .not(.condition(column: "a", operator: .eq, value: .string("x")))),
        .init(
            description: "not in", build: { $0.not("a", operator: .in, value: [id]) },
            filter: .not(.condition(column: "a", operator: .in, value: .list([.uuid(id)])))),
        .init(
            description: "or", build: { $0.or("a.eq.1,b.is.null") },
            filter: .or([
                .condition(column: "a", operator: .eq, value: .string("1")),
                .condition(column: "b", operator: .is, value: .null),
            ])),
        .init(
            description: "filter",
            build: { $0.filter(.and([.condition(column: "a", operator: .gt, value: .integer(1))])) },
            filter: .and([.condition(column: "a", operator: .gt, value: .integer(1))])),
    ]

    @Test(arguments: operatorCases)
    func eachOperatorAddsItsFilter(_ operatorCase: OperatorCase) {
        let built = operatorCase.build(client.from("t").select()).query
        #expect(built == select([operatorCase.filter]))
    }

    @Test func matchAddsOneEqualityPerColumnInColumnOrder() {
        let built = client.from("t").select().match(["b": "x", "a": 1]).query
        #expect(
            built.filters == [
                .condition(column: "a", operator: .eq, value: .integer(1)),
                .condition(column: "b", operator: .eq, value: .string("x")),
            ])
    }

    struct ValueCase: Sendable, CustomStringConvertible {
        let description: String
        let value: any FilterValue
        let expected: QueryValue
    }

    static let valueCases: [ValueCase] = [
        .init(description: "String", value: "Ann", expected: .string("Ann")),
        .init(description: "Substring", value: "Ann Lee".prefix(3), expected: .string("Ann")),
        .init(description: "Int", value: 42, expected: .integer(42)),
        .init(description: "Int32", value: Int32(-3), expected: .integer(-3)),
        .init(description: "Int64", value: Int64.max, expected: .integer(.max)),
        .init(description: "Double", value: 0.5, expected: .double(0.5)),
        .init(description: "Decimal", value: Decimal(string: "12.34")!, expected: .decimal(Decimal(string: "12.34")!)),
        .init(description: "Bool", value: true, expected: .bool(true)),
        .init(description: "UUID", value: id, expected: .uuid(id)),
        .init(description: "Date", value: date, expected: .date(date)),
        .init(description: "Optional some", value: Int?.some(3), expected: .integer(3)),
        .init(description: "Optional none", value: String?.none, expected: .null),
        .init(description: "array of Int", value: [1, 2], expected: .list([.integer(1), .integer(2)])),
        .init(description: "array of UUID", value: [id], expected: .list([.uuid(id)])),
        .init(
            description: "array of optionals", value: [Bool?.some(true), nil], expected: .list([.bool(true), .null])),
        .init(description: "QueryValue", value: QueryValue.string("raw"), expected: .string("raw")),
    ]

    @Test(arguments: valueCases)
    func filterValuesBecomeTheirQueryValue(_ valueCase: ValueCase) {
        #expect(valueCase.value.queryValue == valueCase.expected)
        let built = client.from("t").select().eq("a", value: valueCase.value.queryValue).query
        #expect(built.filters == [.condition(column: "a", operator: .eq, value: valueCase.expected)])
    }

    struct TextCase: Sendable, CustomStringConvertible {
        let value: QueryValue
        let text: String
        var description: String { text }
    }

    @Test(arguments: [
        TextCase(value: .null, text: "null"),
        TextCase(value: .bool(false), text: "false"),
        TextCase(value: .integer(-12), text: "-12"),
        TextCase(value: .double(2.5), text: "2.5"),
        TextCase(value: .decimal(Decimal(string: "10.05")!), text: "10.05"),
        TextCase(value: .uuid(id), text: "6f1c2b4a-0d3e-4c59-9a7b-1e2d3c4b5a69"),
        TextCase(value: .date(date), text: "2026-06-04T18:00:00.250Z"),
        TextCase(value: .list([.integer(1), .string("b")]), text: "(1,b)"),
    ])
    func queryValuesPrintAsPostgRESTText(_ textCase: TextCase) {
        #expect(textCase.value.text == textCase.text)
    }

    @Test func orderDefaultsToAscendingWithNullsLast() {
        let built = client.from("t").select().order("a").query
        #expect(built.order == [OrderTerm(column: "a", ascending: true, nullsFirst: false)])
    }

    @Test func descendingOrderDefaultsToNullsLastAsSupabaseSwiftSendsIt() {
        let built = client.from("t").select().order("a", ascending: false).query
        #expect(built.order == [OrderTerm(column: "a", ascending: false, nullsFirst: false)])
    }

    @Test func updateUpsertAndDeleteReturnTheWrittenRowsUnlessAskedNotTo() {
        #expect(client.from("t").update(["a": 1] as JSONValue).query.returning == .representation)
        #expect(client.from("t").upsert(["a": 1] as JSONValue).query.returning == .representation)
        #expect(client.from("t").delete().query.returning == .representation)
        #expect(client.from("t").insert(["a": 1] as JSONValue).query.returning == .minimal)
        #expect(client.from("t").update(["a": 1] as JSONValue, returning: .minimal).query.returning == .minimal)
        #expect(client.from("t").upsert(["a": 1] as JSONValue, returning: .minimal).query.returning == .minimal)
        #expect(client.from("t").delete(returning: .minimal).query.returning == .minimal)
        #expect(
            client.from("t").insert(["a": 1] as JSONValue, returning: .representation).query.returning
                == .representation)
    }

    @Test func bulkWritesDefaultToNullUnlessAsked() {
        #expect(client.from("t").insert([["a": 1], ["b": 2]] as JSONValue).query.defaultToNull)
        #expect(!client.from("t").insert([["a": 1], ["b": 2]] as JSONValue, defaultToNull: false).query.defaultToNull)
        #expect(!client.from("t").upsert([["a": 1]] as JSONValue, defaultToNull: false).query.defaultToNull)
    }

    @Test func explicitNullPlacementWins() {
        let built = client.from("t").select().order("a", nullsFirst: true).order(
            "b", ascending: false, nullsFirst: false
        ).query
        #expect(
            built.order == [
                OrderTerm(column: "a", ascending: true, nullsFirst: true),
                OrderTerm(column: "b", ascending: false, nullsFirst: false),
            ])
    }

    @Test func limitSetsOnlyTheLimit() {
        let built = client.from("t").select().limit(5).query
        #expect(built.limit == 5)
        #expect(built.offset == nil)
    }

    @Test(arguments: [(0, 9, 0, 10), (10, 19, 10, 10), (3, 3, 3, 1), (5, 4, 5, 0)])
    func rangeBecomesOffsetAndLimit(from: Int, to: Int, offset: Int, limit: Int) {
        let built = client.from("t").select().range(from: from, to: to).query
        #expect(built.offset == offset)
        #expect(built.limit == limit)
    }

    @Test func singleAndMaybeSingleSetTheCardinality() {
        let base = client.from("t").select()
        #expect(base.query.cardinality == .many)
        #expect(base.single().query.cardinality == .single)
        #expect(base.maybeSingle().query.cardinality == .maybeSingle)
    }

    @Test func selectParsesTheColumnList() {
        #expect(client.from("t").select().query.columns == nil)
        #expect(client.from("t").select("*").query.columns == nil)
        #expect(client.from("t").select(" id , name ,").query.columns == ["id", "name"])
    }

    /// Found by fuzzing (Fuzz/Corpus/select-list/finding-combining-mark-after-comma): a comma followed by a combining
    /// mark is one `Character`, and splitting on Characters read `id,\u{301}our` as one column. PostgREST splits on
    /// the code point.
    @Test func aCommaBeforeACombiningMarkStillSeparatesColumns() {
        #expect(client.from("t").select("id, \u{301}our").query.columns == ["id", "\u{301}our"])
        #expect(client.from("t").select("id,\u{301}our").query.columns == ["id", "\u{301}our"])
    }

    @Test func countAndHeadAreCarried() {
        let built = client.from("t").select(head: true, count: .exact).query
        #expect(built == DatabaseQuery(target: "t", operation: .select, count: .exact, head: true))
    }

    struct Row: Encodable, Sendable {
        var displayName: String
        var startsAt: Date
        var credits: Decimal
        var note: String?
    }

    @Test func insertEncodesTheBodyWithSnakeCaseKeysAndWireDates() {
        let built = client.from("t").insert(Row(displayName: "Ann", startsAt: Self.date, credits: 2.5, note: nil)).query
        #expect(
            built
                == DatabaseQuery(
                    target: "t", operation: .insert,
                    body: ["display_name": "Ann", "starts_at": "2026-06-04T18:00:00.250Z", "credits": 2.5]))
    }

    @Test func insertOfAnArrayKeepsTheArray() {
        let built = client.from("t").insert([["a": 1], ["a": 2]] as [[String: Int]]).query
        #expect(built.body == [["a": 1], ["a": 2]])
        #expect(built.returning == .minimal)
    }

    @Test func selectAfterAWriteAsksForTheRows() {
        let built = client.from("t").insert(["a": 1] as [String: Int]).select("id").single().query
        #expect(
            built
                == DatabaseQuery(
                    target: "t", operation: .insert, columns: ["id"], cardinality: .single, returning: .representation,
                    body: ["a": 1]))
    }

    @Test func updateCarriesTheValuesAndFilters() {
        let built = client.from("t").update(["name": "B"] as [String: String], count: .exact).eq("id", value: 1).query
        #expect(
            built
                == DatabaseQuery(
                    target: "t", operation: .update,
                    filters: [.condition(column: "id", operator: .eq, value: .integer(1))],
                    count: .exact, returning: .representation, body: ["name": "B"]))
    }

    @Test(arguments: [
        (String?.none, [String]?.none),
        ("member_id", ["member_id"]),
        ("member_id, exercise_id", ["member_id", "exercise_id"]),
        (" a ,b ", ["a", "b"]),
    ])
    func upsertParsesOnConflict(onConflict: String?, columns: [String]?) {
        let built = client.from("t").upsert(["a": 1] as [String: Int], onConflict: onConflict).query
        #expect(built.operation == .upsert(onConflict: columns, ignoreDuplicates: false))
    }

    @Test func upsertCanIgnoreDuplicates() {
        let built = client.from("t").upsert(["a": 1] as [String: Int], ignoreDuplicates: true).query
        #expect(built.operation == .upsert(onConflict: nil, ignoreDuplicates: true))
    }

    @Test func deleteHasNoBody() {
        let built = client.from("t").delete().eq("id", value: 1).select().query
        #expect(
            built
                == DatabaseQuery(
                    target: "t", operation: .delete,
                    filters: [.condition(column: "id", operator: .eq, value: .integer(1))],
                    returning: .representation))
    }

    @Test func rpcCarriesItsParams() {
        let built = client.rpc("book_session", params: ["session_id": Self.id]).query
        // JSONEncoder writes UUIDs in upper case; PostgreSQL (and the in-memory cast) accept either case.
        #expect(
            built
                == DatabaseQuery(
                    target: "book_session", operation: .rpc, body: ["session_id": .string(Self.id.uuidString)]))
        #expect(
            client.rpc("credit_summary").query == DatabaseQuery(target: "credit_summary", operation: .rpc, body: [:]))
    }

    @Test func writesAndRPCsAreWrites() {
        #expect(!client.from("t").select().query.isWrite)
        #expect(client.from("t").delete().query.isWrite)
        #expect(client.rpc("f").query.isWrite)
    }

    @Test func aReusedPartialBuilderDoesNotLeakFilters() {
        let base = client.from("t").select().eq("member_id", value: 1)
        let first = base.eq("status", value: "active").order("a").limit(1)
        let second = base.gt("n", value: 2).single()
        #expect(base.query == select([.condition(column: "member_id", operator: .eq, value: .integer(1))]))
        #expect(first.query.filters.count == 2)
        #expect(first.query.cardinality == .many)
        #expect(
            second.query.filters == [
                .condition(column: "member_id", operator: .eq, value: .integer(1)),
                .condition(column: "n", operator: .gt, value: .integer(2)),
            ])
        #expect(second.query.order.isEmpty)
        #expect(second.query.limit == nil)
    }

    @Test func aReusedBuilderRunsTwoIndependentQueries() async throws {
        let database = TestDatabase(try InMemoryDatabase(), clock: TestClock())
        try database.engine.createTable(
            TableSchema(name: "t", columns: [Column("id", .integer), Column("g", .integer)], access: .publicRead))
        let service = database.client(as: .service)
        try await service.from("t").insert(
            [["id": 1, "g": 1], ["id": 2, "g": 1], ["id": 3, "g": 2]] as [[String: Int]]
        ).execute()
        let group = service.from("t").select().eq("g", value: 1)
        struct Row: Decodable, Sendable { var id: Int }
        let low: [Row] = try await group.lt("id", value: 2).execute().value
        let all: [Row] = try await group.order("id").execute().value
        #expect(low.map(\.id) == [1])
        #expect(all.map(\.id) == [1, 2])
        #expect(database.requests.map(\.query.filters.count) == [0, 2, 1])
    }

    struct OrCase: Sendable, CustomStringConvertible {
        let text: String
        let filters: [Filter]
        var description: String { text }
    }

    @Test(arguments: [
        OrCase(text: "a.eq.1", filters: [.condition(column: "a", operator: .eq, value: .string("1"))]),
        OrCase(
            text: "a.gt.1,and(b.lt.2,c.is.true)",
            filters: [
                .condition(column: "a", operator: .gt, value: .string("1")),
                .and([
                    .condition(column: "b", operator: .lt, value: .string("2")),
                    .condition(column: "c", operator: .is, value: .bool(true)),
                ]),
            ]),
        OrCase(
            text: "not.and(a.eq.1,or(b.eq.2,c.eq.3))",
            filters: [
                .not(
                    .and([
                        .condition(column: "a", operator: .eq, value: .string("1")),
                        .or([
                            .condition(column: "b", operator: .eq, value: .string("2")),
                            .condition(column: "c", operator: .eq, value: .string("3")),
                        ]),
                    ]))
            ]),
        OrCase(text: "a.not.eq.1", filters: [.not(.condition(column: "a", operator: .eq, value: .string("1")))]),
        OrCase(
            text: "name.eq.\"Lee, Ann (Dr.)\"",
            filters: [.condition(column: "name", operator: .eq, value: .string("Lee, Ann (Dr.)"))]),
        OrCase(
            text: "name.eq.\"say \\\"hi\\\"\"",
            filters: [.condition(column: "name", operator: .eq, value: .string("say \"hi\""))]),
        OrCase(
            text: "a.in.(1,\"x,y\")",
            filters: [.condition(column: "a", operator: .in, value: .list([.string("1"), .string("x,y")]))]),
        OrCase(text: "a.in.()", filters: [.condition(column: "a", operator: .in, value: .list([]))]),
        OrCase(
            text: "email.eq.ann@x.com",
            filters: [.condition(column: "email", operator: .eq, value: .string("ann@x.com"))]),
    ])
    func orParsesPostgRESTLogicTrees(_ orCase: OrCase) {
        let built = client.from("t").select().or(orCase.text).query
        #expect(built.filters == [.or(orCase.filters)])
    }

    @Test func anOrThatDoesNotParseFailsAtExecuteWithPGRST100() async throws {
        let database = TestDatabase(try InMemoryDatabase(), clock: TestClock())
        let builder = database.client().from("t").select().or("a.eq.1,(")
        #expect(builder.query.filters.isEmpty)
        let error = await #expect(throws: DatabaseError.self) { try await builder.execute() }
        #expect(error?.code == "PGRST100")
        #expect(error?.message.contains("a.eq.1,(") == true)
        #expect(database.requests.isEmpty, "a request that cannot be built is never sent")
    }

    @Test func aParseErrorSurvivesLaterFilters() async throws {
        let builder = client.from("t").select().or("bad").eq("a", value: 1).or("a.eq.1")
        let error = await #expect(throws: DatabaseError.self) { try await builder.execute() }
        #expect(error?.code == "PGRST100")
    }

    @Test func anUnencodableBodyFailsAtExecute() async throws {
        struct Broken: Encodable, Sendable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(1, .init(codingPath: [], debugDescription: "no"))
            }
        }
        await #expect(throws: EncodingError.self) { try await client.from("t").insert(Broken()).execute() }
        await #expect(throws: EncodingError.self) { try await client.rpc("f", params: Broken()).execute() }
    }
}

/// ``DatabaseQuery/description`` reads like PostgREST's request line.
@Suite struct QueryDescriptionTests {
    let client: any DatabaseClient = try! InMemoryDatabase().client()

    @Test func aSelectReadsLikeAURL() {
        let query = client.from("sessions").select("id,name").eq("studio_id", value: 7).not(
            "name", operator: .is, value: QueryValue.null
        )
        .or("a.eq.1,b.lt.2").order("starts_at").order("name", ascending: false).range(from: 10, to: 19).single().query
        #expect(
            query.description
                == "GET /sessions?select=id,name&studio_id=eq.7&name=not.is.null&or=(a.eq.1,b.lt.2)&order=starts_at.asc.nullslast,name.desc.nullslast&limit=10&offset=10 (single)"
        )
    }

    @Test func valuesAreQuotedAsPostgRESTReadsThem() {
        let query = client.from("t").select().in("name", values: ["a,b", "c", ""]).or(#"title.eq."x,y",id.eq.1"#)
            .eq("studio.name", value: "a (b)").query
        #expect(
            query.description
                == #"GET /t?select=*&name=in.("a,b",c,"")&or=(title.eq."x,y",id.eq.1)&studio.name=eq.a (b)"#)
    }

    @Test func headCountAndBodiesAreShown() {
        #expect(
            client.from("t").select(head: true, count: .exact).query.description
                == "HEAD /t?select=* Prefer: count=exact")
        #expect(
            client.from("t").insert(["b": 1, "a": "x"] as JSONValue).query.description
                == "POST /t Prefer: return=minimal body={\"a\":\"x\",\"b\":1}")
        #expect(
            client.from("t").upsert(["a": 1] as JSONValue, onConflict: "a,b").query.description
                == "POST /t?select=*&on_conflict=a,b Prefer: resolution=merge-duplicates,return=representation body={\"a\":1}"
        )
        #expect(
            client.from("t").update(["a": 1] as JSONValue).eq("id", value: 2).query.description
                == "PATCH /t?select=*&id=eq.2 Prefer: return=representation body={\"a\":1}")
        #expect(
            client.from("t").delete(returning: .minimal).in("id", values: [1, 2]).query.description
                == "DELETE /t?id=in.(1,2) Prefer: return=minimal")
        #expect(
            client.from("t").insert([["a": 1], ["b": "x"]] as JSONValue, defaultToNull: false).select("a:b::text")
                .query.description
                == "POST /t?select=a:b::text&columns=a,b Prefer: return=representation,missing=default body=[{\"a\":1},{\"b\":\"x\"}]"
        )
        #expect(
            client.rpc("f", params: ["x": 1]).maybeSingle().query.description
                == "POST /rpc/f (maybeSingle) body={\"x\":1}")
    }
}
