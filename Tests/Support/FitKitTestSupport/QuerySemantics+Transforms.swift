import FitCore
import Foundation

/// Functions called with `head:`, `get:` and `count:`, a function's rows as one row, `schema(_:)`, `csv()`,
/// `stripNulls()`, `notIn` and `filter(_:operator:value:)`.
extension QuerySemantics {
    private static func rankedAbove(_ client: any DatabaseClient, _ rank: Int, head: Bool = false, get: Bool = false)
        -> FilterBuilder
    {
        client.rpc("semantics_items_ranked_above", params: ["min_rank": rank], head: head, get: get, count: .exact)
    }

    static let transforms: [QuerySemanticsCase] = [
        .init("a function's count counts its rows", { rankedAbove($0, 9) }, expect: .counted(2, ids: [1, 4])),
        .init(
            "head on a function gives only the count", { rankedAbove($0, 9, head: true) }, expect: .counted(2, ids: [])),
        .init(
            "get on a function that reads answers as post does", { rankedAbove($0, 9, get: true) },
            expect: .counted(2, ids: [1, 4])),
        QuerySemanticsCase(
            "get on a function that writes is 25006 and writes nothing",
            { $0.rpc("semantics_insert_then_fail", params: ["note_title": "Ghost"], get: true) },
            expect: .failure(code: "25006", message: "cannot execute INSERT in a read-only transaction")
        ).then({ $0.from("semantics_notes").select().eq("id", value: 100) }, expect: .ids([])),
        .init(
            "single on a function's one row is that row",
            { $0.rpc("semantics_items_ranked_above", params: ["min_rank": 50]).single() }, expect: .ids([4])),
        .init(
            "single on a function's two rows is PGRST116",
            { $0.rpc("semantics_items_ranked_above", params: ["min_rank": 9]).single() }, expect: .error("PGRST116")),
        .init(
            "maybeSingle on a function's no rows is null",
            { $0.rpc("semantics_items_ranked_above", params: ["min_rank": 500]).maybeSingle() }, expect: .noRow),
        .init(
            "the public schema is the default one",
            { $0.schema("public").from("semantics_items").select("id").order("id").limit(2) }, expect: .ids([1, 2])),
        .init(
            "another schema is PGRST106", { $0.schema("private").from("semantics_items").select("id") },
            expect: .error("PGRST106")),
        .init(
            "another schema for a function is PGRST106",
            { $0.schema("private").rpc("semantics_items_ranked_above", params: ["min_rank": 1]) },
            expect: .error("PGRST106")),
        .init(
            "csv writes a header and a line per row, NULL as an empty field",
            { $0.from("semantics_items").select("id, name, rank").in("id", values: [1, 3]).order("id").csv() },
            expect: .text("id,name,rank\n1,Alpha,10\n3,,")),
        QuerySemanticsCase(
            "csv quotes a field with a comma or a quote",
            { $0.from("semantics_items").insert(["id": 6, "name": #"say "hi", then go"#] as JSONValue) },
            expect: .ids([])
        ).then(
            { $0.from("semantics_items").select("id, name").eq("id", value: 6).csv() },
            expect: .text("id,name\n6,\"say \"\"hi\"\", then go\"")),
        .init(
            "stripNulls leaves out the keys whose value is null",
            {
                $0.from("semantics_items").select("id, name, rank, code").in("id", values: [3, 5]).order("id")
                    .stripNulls()
            },
            expect: .values([["id": 3, "code": "100"], ["id": 5, "name": "gam%ma", "rank": 2]])),
        .init(
            "notIn skips NULL column values",
            { $0.from("semantics_items").select().notIn("rank", values: [9, 100]).order("id") }, expect: .ids([1, 5])),
        .init(
            "filter takes PostgREST's operator text",
            { $0.from("semantics_items").select().filter("rank", operator: "gte", value: "10").order("id") },
            expect: .ids([1, 4])),
        .init(
            "filter takes a negated operator",
            { $0.from("semantics_items").select().filter("name", operator: "not.ilike", value: "g*").order("id") },
            expect: .ids([1, 2])),
        .init(
            "filter with an unknown operator is PGRST100",
            { $0.from("semantics_items").select().filter("rank", operator: "nope", value: "1") },
            expect: .error("PGRST100")),
        .init(
            "stripNulls on one row",
            { $0.from("semantics_items").select("id, name").eq("id", value: 3).single().stripNulls() },
            expect: .values([["id": 3]])),
        .init(
            "stripNulls reaches into embedded objects",
            {
                $0.from("semantics_logs").select("id, checked:semantics_items!checked_item_id(id, ref)").eq(
                    "id", value: 1
                )
                .stripNulls()
            }, expect: .values([["id": 1, "checked": ["id": 2]]])),
    ]
}
