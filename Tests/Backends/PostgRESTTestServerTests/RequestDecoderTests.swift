import FitCore
import Foundation
import Testing

@testable import PostgRESTTestServer

/// One row of the decoding table: a request and the query it must mean.
struct DecodingCase: Sendable, CustomTestStringConvertible {
    let name: String
    let request: RecordedRequest
    let query: DatabaseQuery

    var testDescription: String { name }

    init(_ name: String, _ request: RecordedRequest, _ query: DatabaseQuery) {
        self.name = name
        self.request = request
        self.query = query
    }
}

private func get(_ path: String, _ headers: [String: String] = [:]) -> RecordedRequest {
    TestRequests.make("GET", path, headers)
}

private func events(_ filters: [Filter] = [], change: (inout DatabaseQuery) -> Void = { _ in }) -> DatabaseQuery {
    var query = DatabaseQuery(target: "events", operation: .select, filters: filters)
    change(&query)
    return query
}

private func condition(_ column: String, _ op: FilterOperator, _ value: some FilterValue) -> Filter {
    .condition(column: column, operator: op, value: value.queryValue)
}

private func list(_ values: String...) -> QueryValue { .list(values.map(QueryValue.string)) }

/// A function call as `GET`/`HEAD` reads it: PostgREST runs it read-only.
private func readOnly(_ query: DatabaseQuery) -> DatabaseQuery {
    var query = query
    query.isReadOnly = true
    return query
}

private let operatorCases: [DecodingCase] = FilterOperator.allCases.filter { $0 != .is && $0 != .in }.map { op in
    DecodingCase("operator \(op.rawValue)", get("events?age=\(op.rawValue).1*8"), events([condition("age", op, "1*8")]))
}

private let filterCases: [DecodingCase] = [
    DecodingCase("a plain read", get("events"), events()),
    DecodingCase("is null", get("events?a=is.null"), events([condition("a", .is, QueryValue.null)])),
    DecodingCase("is true in any case", get("events?a=is.TRUE"), events([condition("a", .is, true)])),
    DecodingCase("is false", get("events?a=is.false"), events([condition("a", .is, false)])),
    DecodingCase("is unknown is null", get("events?a=is.unknown"), events([condition("a", .is, QueryValue.null)])),
    DecodingCase("is not_null", get("events?a=is.not_null"), events([.not(condition("a", .is, QueryValue.null))])),
    DecodingCase("not.is.null", get("events?a=not.is.null"), events([.not(condition("a", .is, QueryValue.null))])),
    DecodingCase(
        "not.eq", get("events?status=not.eq.cancelled"), events([.not(condition("status", .eq, "cancelled"))])),
    DecodingCase(
        "in", get("events?id=in.(1,2,3)"), events([condition("id", .in, list("1", "2", "3"))])),
    DecodingCase("in with no values", get("events?id=in.()"), events([condition("id", .in, list())])),
    DecodingCase(
        "not.in", get("events?id=not.in.(a,b)"), events([.not(condition("id", .in, list("a", "b")))])),
    DecodingCase(
        "in with quoted commas, parentheses, quotes, backslashes and spaces",
        get(
            "events?name=in.(%22Hebdon,John%22,%22c)d(%22,%22Quote:%5C%22%22,%22Backslash:%5C%5C%22,%22a%20b%22,plain)"),
        events([
            condition("name", .in, list("Hebdon,John", "c)d(", "Quote:\"", "Backslash:\\", "a b", "plain"))
        ])),
    DecodingCase(
        "two filters on one column", get("events?age=gte.18&age=lte.65"),
        events([condition("age", .gte, "18"), condition("age", .lte, "65")])),
    DecodingCase(
        "percent-encoded UTF-8 and reserved characters", get("events?title=eq.caf%C3%A9%20%26%20bar%3D"),
        events([condition("title", .eq, "café & bar=")])),
    DecodingCase("plus is a space", get("events?title=eq.a+b"), events([condition("title", .eq, "a b")])),
    DecodingCase(
        "encoded plus in an offset", get("events?date=gte.2026-06-04T18:00:00%2B02:00"),
        events([condition("date", .gte, "2026-06-04T18:00:00+02:00")])),
    DecodingCase(
        "a plain value keeps commas, dots and quotes", get("events?title=eq.%22a,b.c%22"),
        events([condition("title", .eq, "\"a,b.c\"")])),
    DecodingCase(
        "a quoted column name with a dot", get("events?%22information.cpe%22=like.*MS*"),
        events([condition("information.cpe", .like, "*MS*")])),
    DecodingCase(
        "or", get("events?or=(age.lt.18,age.gt.21)"),
        events([.or([condition("age", .lt, "18"), condition("age", .gt, "21")])])),
    DecodingCase(
        "and", get("events?and=(age.gte.11,age.lte.17)"),
        events([.and([condition("age", .gte, "11"), condition("age", .lte, "17")])])),
    DecodingCase(
        "not.or", get("events?not.or=(a.is.null,b.eq.1)"),
        events([.not(.or([condition("a", .is, QueryValue.null), condition("b", .eq, "1")]))])),
    DecodingCase(
        "nested trees with not", get("events?grade=gte.90&or=(age.eq.14,not.and(age.gte.11,age.lte.17))"),
        events([
            condition("grade", .gte, "90"),
            .or([
                condition("age", .eq, "14"), .not(.and([condition("age", .gte, "11"), condition("age", .lte, "17")])),
            ]),
        ])),
    DecodingCase(
        "quoted values in a logic tree",
        get("events?or=(title.eq.%22a,b%22,title.in.(%22x)y%22,z),title.eq.%22q%5C%22%22,title.not.ilike.*x*)"),
        events([
            .or([
                condition("title", .eq, "a,b"), condition("title", .in, list("x)y", "z")),
                condition("title", .eq, "q\""), .not(condition("title", .ilike, "*x*")),
            ])
        ])),
]

private let shapeCases: [DecodingCase] = [
    DecodingCase("select", get("events?select=id,title"), events { $0.columns = ["id", "title"] }),
    DecodingCase("select star", get("events?select=*"), events()),
    DecodingCase(
        "an embedding with a hint, !inner and its own filters, order and paging",
        get(
            "events?select=id,s:studios!fk!inner(name,rooms(id))&s.name=eq.x&s.or=(a.eq.1,b.eq.2)&s.order=name.desc&s.limit=2&s.offset=1&s.rooms.limit=3"
        ),
        events {
            $0.columns = [
                "id",
                SelectedColumn(
                    "studios", alias: "s",
                    embedding: EmbeddedResource(
                        hint: "fk", isInner: true,
                        columns: ["name", SelectedColumn("rooms", embedding: EmbeddedResource(columns: ["id"]))])),
            ]
            $0.referencedTables = [
                "s": ReferencedTableOptions(
                    filters: [condition("name", .eq, "x"), .or([condition("a", .eq, "1"), condition("b", .eq, "2")])],
                    order: [OrderTerm(column: "name", ascending: false)], limit: 2, offset: 1),
                "s.rooms": ReferencedTableOptions(limit: 3),
            ]
        }),
    DecodingCase(
        "select with an alias and a cast", get("events?select=n:name,day:date::text,id::text"),
        events {
            $0.columns = [
                SelectedColumn("name", alias: "n"), SelectedColumn("date", alias: "day", cast: "text"),
                SelectedColumn("id", cast: "text"),
            ]
        }),
    DecodingCase(
        "select with spaces and a quoted name", get("events?select=id,%20%22odd,name%22"),
        events { $0.columns = ["id", "odd,name"] }),
    DecodingCase(
        "order with directions and nulls",
        get("events?order=age.desc,height.asc,name,b.nullsfirst,c.desc.nullslast"),
        events {
            $0.order = [
                OrderTerm(column: "age", ascending: false), OrderTerm(column: "height"), OrderTerm(column: "name"),
                OrderTerm(column: "b", nullsFirst: true),
                OrderTerm(column: "c", ascending: false, nullsFirst: false),
            ]
        }),
    DecodingCase(
        "limit and offset", get("events?limit=15&offset=30"),
        events {
            $0.limit = 15
            $0.offset = 30
        }),
    DecodingCase("a Range header", get("events", ["Range": "0-24"]), events { $0.limit = 25 }),
    DecodingCase("an open Range", get("events", ["Range": "10-"]), events { $0.offset = 10 }),
    DecodingCase(
        "a Range within limit", get("events?limit=5", ["Range": "2-100"]),
        events {
            $0.offset = 2
            $0.limit = 3
        }),
    DecodingCase("count=exact", get("events", ["Prefer": "count=exact"]), events { $0.count = .exact }),
    DecodingCase("count=planned", get("events", ["Prefer": "count=planned"]), events { $0.count = .planned }),
    DecodingCase(
        "HEAD with count=estimated", TestRequests.make("HEAD", "events", ["Prefer": "count=estimated"]),
        events {
            $0.head = true
            $0.count = .estimated
        }),
    DecodingCase(
        "the object media type is single", get("events?id=eq.1", ["Accept": "application/vnd.pgrst.object+json"]),
        events([condition("id", .eq, "1")]) { $0.cardinality = .single }),
    DecodingCase(
        "an Accept list", get("events", ["Accept": "text/html, application/json;q=0.9"]), events()),
    DecodingCase("the public profile", get("events", ["Accept-Profile": "public"]), events()),
    DecodingCase(
        "unknown preferences are ignored", get("events", ["Prefer": "handling=lenient, foo, timezone=UTC"]),
        events()),
    DecodingCase(
        "preferences accepted but not applied, even when strict",
        get("events", ["Prefer": "handling=strict, tx=rollback, max-affected=5, params=single-object, timezone=UTC"]),
        events()),
    DecodingCase(
        "a percent-encoded table name", get("order%20items"),
        DatabaseQuery(target: "order items", operation: .select)),
]

private func write(
    _ operation: DatabaseQuery.Operation, _ body: JSONValue?, change: (inout DatabaseQuery) -> Void = { _ in }
) -> DatabaseQuery {
    var query = DatabaseQuery(target: "events", operation: operation, body: body)
    change(&query)
    return query
}

private let writeCases: [DecodingCase] = [
    DecodingCase(
        "insert", TestRequests.make("POST", "events", body: #"{"title":"Run","n":2.50}"#),
        write(.insert, ["title": "Run", "n": .number(Decimal(string: "2.50")!)])),
    DecodingCase(
        "insert returning representation with select",
        TestRequests.make("POST", "events?select=id", ["Prefer": "return=representation"], body: #"{"a":1}"#),
        write(.insert, ["a": 1]) {
            $0.returning = .representation
            $0.columns = ["id"]
        }),
    DecodingCase(
        "return=headers-only is minimal",
        TestRequests.make("POST", "events", ["Prefer": "return=headers-only"], body: #"{"a":1}"#),
        write(.insert, ["a": 1])),
    DecodingCase(
        "bulk insert", TestRequests.make("POST", "events", body: #"[{"a":1,"b":null},{"b":2,"a":3}]"#),
        write(.insert, [["a": 1, "b": nil], ["a": 3, "b": 2]])),
    DecodingCase(
        "columns keeps the listed keys and nulls the missing",
        TestRequests.make("POST", "events?columns=a,b", body: #"[{"a":1,"x":9},{"b":2}]"#),
        write(.insert, [["a": 1, "b": nil], ["a": nil, "b": 2]])),
    DecodingCase(
        "missing=default leaves missing keys to the defaults",
        TestRequests.make(
            "POST", "events?columns=a,b", ["Prefer": "missing=default, return=representation"],
            body: #"[{"a":1},{"b":2}]"#),
        write(.insert, [["a": 1], ["b": 2]]) {
            $0.returning = .representation
            $0.defaultToNull = false
        }),
    DecodingCase(
        "missing=null nulls the missing keys",
        TestRequests.make("POST", "events?columns=a,b", ["Prefer": "missing=null"], body: #"{"b":2}"#),
        write(.insert, ["a": nil, "b": 2])),
    DecodingCase(
        "merge-duplicates with on_conflict",
        TestRequests.make(
            "POST", "events?on_conflict=member_id,exercise_id", ["Prefer": "resolution=merge-duplicates"],
            body: #"{"a":1}"#),
        write(.upsert(onConflict: ["member_id", "exercise_id"], ignoreDuplicates: false), ["a": 1])),
    DecodingCase(
        "ignore-duplicates on the primary key",
        TestRequests.make("POST", "events", ["Prefer": "resolution=ignore-duplicates,count=exact"], body: "[]"),
        write(.upsert(onConflict: nil, ignoreDuplicates: true), []) { $0.count = .exact }),
    DecodingCase(
        "on_conflict without resolution is an insert",
        TestRequests.make("POST", "events?on_conflict=id", body: #"{"a":1}"#), write(.insert, ["a": 1])),
    DecodingCase(
        "update",
        TestRequests.make(
            "PATCH", "events?id=eq.7", ["Prefer": "return=representation", "Content-Profile": "public"],
            body: #"{"title":"x"}"#),
        write(.update, ["title": "x"]) {
            $0.filters = [condition("id", .eq, "7")]
            $0.returning = .representation
        }),
    DecodingCase(
        "delete with count", TestRequests.make("DELETE", "events?title=like.*x*", ["Prefer": "count=exact"]),
        write(.delete, nil) {
            $0.filters = [condition("title", .like, "*x*")]
            $0.count = .exact
        }),
    DecodingCase(
        "a single-row delete",
        TestRequests.make(
            "DELETE", "events?id=eq.1",
            ["Prefer": "return=representation", "Accept": "application/vnd.pgrst.object+json"]),
        write(.delete, nil) {
            $0.filters = [condition("id", .eq, "1")]
            $0.returning = .representation
            $0.cardinality = .single
        }),
]

private let functionCases: [DecodingCase] = [
    DecodingCase(
        "rpc with POST", TestRequests.make("POST", "rpc/book_session", body: #"{"session_id":"5e55"}"#),
        DatabaseQuery(target: "book_session", operation: .rpc, body: ["session_id": "5e55"])),
    DecodingCase(
        "rpc with an empty body", TestRequests.make("POST", "rpc/credit_summary"),
        DatabaseQuery(target: "credit_summary", operation: .rpc, body: [:])),
    DecodingCase(
        "rpc with GET: arguments and filters",
        TestRequests.make("GET", "rpc/search?term=yoga%20flow&limit=3&score=gt.2&select=id"),
        readOnly(
            DatabaseQuery(
                target: "search", operation: .rpc, columns: ["id"], filters: [condition("score", .gt, "2")], limit: 3,
                body: ["term": "yoga flow"]))),
    DecodingCase(
        "rpc with HEAD", TestRequests.make("HEAD", "rpc/credit_summary"),
        readOnly(DatabaseQuery(target: "credit_summary", operation: .rpc, head: true, body: [:]))),
    DecodingCase(
        "csv from Accept",
        get("events", ["Accept": "text/csv"]),
        events { $0.format = .csv }),
    DecodingCase(
        "stripped nulls from Accept",
        get("events", ["Accept": "application/vnd.pgrst.array+json;nulls=stripped"]),
        events { $0.stripsNulls = true }),
]

@Suite struct RequestDecoderTests {
    @Test(arguments: operatorCases + filterCases + shapeCases + writeCases + functionCases)
    func decodesRequestsIntoTheQueryTheyMean(_ testCase: DecodingCase) async throws {
        let decoded = try await RequestDecoder.decode(testCase.request)
        #expect(decoded == testCase.query, "\(decoded.columns ?? []) \(decoded.referencedTables)")
    }

    @Test(arguments: [
        (get("events?age=foo.1"), "PGRST100"),
        (get("events?age=18"), "PGRST100"),
        (get("events?period=sl.%5B1,2%5D"), "PGRST100"),
        (get("events?age=eq(any).%7B1,2%7D"), "PGRST100"),
        (get("events?or=(a.eq.1"), "PGRST100"),
        (get("events?or=(a.eq.1)x"), "PGRST100"),
        (get("events?or=(a.eq.1),(b.eq.2)"), "PGRST100"),
        (get("events?or=a.eq.1"), "PGRST100"),
        (get("events?and=()"), "PGRST100"),
        (get("events?id=in.(1,2"), "PGRST100"),
        (get("events?id=in.(1)(2)"), "PGRST100"),
        (get("events?a=is.maybe"), "PGRST100"),
        (get("events?order=age.up"), "PGRST100"),
        (get("events?select=data-%3Ekey"), "PGRST100"),
        (get("events?limit=abc"), "PGRST100"),
        (get("events?offset=-1"), "PGRST100"),
        (get("events?title=eq.%zz"), "PGRST100"),
        (get("events?limit=-1"), "PGRST103"),
        (get("events", ["Range": "5-2"]), "PGRST103"),
        (get("events", ["Accept-Profile": "private"]), "PGRST106"),
        (TestRequests.make("POST", "events", ["Content-Profile": "auth"], body: "{}"), "PGRST106"),
        (get("events", ["Accept": "application/xml"]), "PGRST107"),
        (get("events", ["Prefer": "handling=strict, foo"]), "PGRST122"),
        (TestRequests.make("POST", "events", body: "{nope"), "PGRST102"),
        (TestRequests.make("POST", "events"), "PGRST102"),
        (TestRequests.make("POST", "events", body: #"[{"a":1},{"b":2}]"#), "PGRST102"),
        (TestRequests.make("POST", "rpc/f", body: "[{}]"), "PGRST102"),
        (TestRequests.make("PATCH", "events?limit=1", body: "{}"), "PGRST100"),
        (TestRequests.make("PATCH", "rpc/f", body: "{}"), "PGRST101"),
        (TestRequests.make("PUT", "events?id=eq.1", body: "{}"), "PGRST117"),
        (get("events/1"), "PGRST125"),
        (get(""), "PGRST125"),
        (RecordedRequest(method: "GET", target: "/other/events"), "PGRST125"),
    ])
    func refusesWhatItCannotReadWithPostgRESTsCode(request: RecordedRequest, code: String) async {
        let error = await #expect(throws: DatabaseError.self) { try await RequestDecoder.decode(request) }
        #expect(error?.code == code, "\(error?.description ?? "no error")")
    }

    @Test func namesWhatFailedInAParseError() async {
        let error = await #expect(throws: DatabaseError.self) {
            try await RequestDecoder.decode(get("events?period=sl.%5B1,2%5D"))
        }
        #expect(error?.message == "\"failed to parse filter (sl.[1,2])\" (line 1, column 1)")
        #expect(error?.details == "the test server does not support \"sl\"")
    }
}
