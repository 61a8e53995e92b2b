import FitCore
import Foundation

/// supabase-swift's defaults and spelling, and where the in-memory database must match PostgreSQL: writes that
/// return their rows, NULL placement, select lists with aliases and casts, bulk writes
/// whose rows name different columns, `numeric(p,s)`, `IS TRUE` on a non-boolean, an upsert that touches a row twice,
/// date and time text, self-referencing keys, grants per operation and the `42501` messages.
extension QuerySemantics {
    private static let ownerA = DatabaseRole.member(QuerySemantics.memberA)
    private static let ownerB = DatabaseRole.member(QuerySemantics.memberB)

    private static func items(_ client: any DatabaseClient) -> FilterBuilder {
        client.from("semantics_items").select()
    }

    private static func logs(_ client: any DatabaseClient) -> FilterBuilder {
        client.from("semantics_logs").select()
    }

    static var vocabulary: [QuerySemanticsCase] {
        defaults + selectLists + bulkWrites + numerics + typeErrors + selfReferences + grants
    }

    // MARK: Defaults

    static let defaults: [QuerySemanticsCase] = [
        .init(
            "NULLs go last in both directions of a multi-term order by default",
            { items($0).order("active").order("rank", ascending: false) }, expect: .ids([2, 4, 1, 5, 3])),
        .init(
            "nullsFirst on one term leaves the others' default",
            { items($0).order("active", nullsFirst: true).order("id") }, expect: .ids([3, 5, 2, 1, 4])),
        .init(
            "an update returns the updated rows by default",
            { $0.from("semantics_items").update(["rank": 11] as JSONValue).eq("id", value: 1) }, expect: .ids([1])),
        .init(
            "an update with returning minimal returns nothing",
            { $0.from("semantics_items").update(["rank": 11] as JSONValue, returning: .minimal).eq("id", value: 1) },
            expect: .ids([])),
        .init(
            "an upsert returns the written rows by default",
            { $0.from("semantics_items").upsert([["id": 1, "name": "A"], ["id": 6, "name": "F"]] as JSONValue) },
            expect: .ids([1, 6])),
        QuerySemanticsCase(
            "a delete returns the deleted rows by default",
            { $0.from("semantics_notes").delete().eq("item_id", value: 2) }, expect: .ids([2])
        ).then({ $0.from("semantics_notes").select().eq("item_id", value: 2) }, expect: .ids([])),
        .init(
            "an insert returns nothing by default",
            { $0.from("semantics_items").insert(["id": 6] as JSONValue) }, expect: .ids([])),
        .init(
            "an insert with returning representation returns the row",
            { $0.from("semantics_items").insert(["id": 6] as JSONValue, returning: .representation) },
            expect: .ids([6])),
        .init(
            "a delete's count counts the deleted rows",
            { $0.from("semantics_items").delete(count: .exact).gt("id", value: 4) },
            expect: .counted(1, ids: [5])),
    ]

    // MARK: Select lists

    static let selectLists: [QuerySemanticsCase] = [
        .init(
            "alias:column renames the key", { $0.from("semantics_items").select("id, label:name").eq("id", value: 1) },
            expect: .values([["id": 1, "label": "Alpha"]])),
        .init(
            "a multi-line select list reads as one line",
            {
                $0.from("semantics_items").select(
                    """
                    id,
                      label : name,
                      rank
                    """
                ).eq("id", value: 2)
            }, expect: .values([["id": 2, "label": "beta", "rank": 9]])),
        .init(
            "a double-quoted name keeps its spaces and loses its quotes",
            { $0.from("semantics_items").select(#""item label":name, "rank""#).eq("id", value: 4) },
            expect: .values([["item label": "Gamma_1", "rank": 100]])),
        .init(
            "an integer cast to text", { $0.from("semantics_items").select("id, rank::text").eq("id", value: 1) },
            expect: .values([["id": 1, "rank": "10"]])),
        .init(
            "a numeric(8,2) cast to text keeps its scale",
            { $0.from("semantics_items").select("id, price::text").order("id").limit(2) },
            expect: .values([["id": 1, "price": "2.50"], ["id": 2, "price": "10.00"]])),
        .init(
            "a text cast to integer", { $0.from("semantics_items").select("id, code::integer").eq("id", value: 3) },
            expect: .values([["id": 3, "code": 100]])),
        .init(
            "a numeric cast to integer rounds half away from zero",
            { $0.from("semantics_items").select("id, price::int4").in("id", values: [1, 5]).order("id") },
            expect: .values([["id": 1, "price": 3], ["id": 5, "price": 1]])),
        .init(
            "a boolean cast to integer",
            { $0.from("semantics_items").select("id, active::integer").order("id").limit(2) },
            expect: .values([["id": 1, "active": 1], ["id": 2, "active": 0]])),
        .init(
            "an integer cast to numeric and a uuid to text",
            { $0.from("semantics_items").select("rank::numeric, ref::text").eq("id", value: 4) },
            expect: .values([["rank": 100, "ref": "00000000-0000-4000-8000-00000000000b"]])),
        .init(
            "a timestamp cast to date is its UTC day",
            { $0.from("semantics_items").select("id, day:starts_at::date").in("id", values: [2, 4]).order("id") },
            expect: .values([["id": 2, "day": "2026-06-05"], ["id": 4, "day": "2026-06-04"]])),
        .init(
            "a cast keeps NULL", { $0.from("semantics_items").select("id, rank::text, name::text").eq("id", value: 3) },
            expect: .values([["id": 3, "rank": nil, "name": nil]])),
        .init(
            "alias and cast together", { $0.from("semantics_items").select("r:rank::text").eq("id", value: 5) },
            expect: .values([["r": "2"]])),
        .init(
            "a text that does not read as the cast's type is 22P02",
            { $0.from("semantics_items").select("name::integer").eq("id", value: 1) }, expect: .error("22P02")),
        .init(
            "a cast of an unknown column is 42703", { $0.from("semantics_items").select("nope::text") },
            expect: .error("42703")),
        .init(
            "* with an aliased column returns every row",
            { $0.from("semantics_items").select("*, label:name").order("id") },
            expect: .ids([1, 2, 3, 4, 5])),
        .init(
            "a select list with an unterminated quote is PGRST100",
            { $0.from("semantics_items").select(#"id, "name"#) }, expect: .error("PGRST100")),
        .init(
            "a select list asking for a JSON path is PGRST100",
            { $0.from("semantics_items").select("ref->x") }, expect: .error("PGRST100")),
        .init(
            "a write returns its rows with aliases and casts",
            {
                $0.from("semantics_items").update(["rank": 12] as JSONValue).eq("id", value: 2).select(
                    "id, r:rank::text")
            }, expect: .values([["id": 2, "r": "12"]])),
        QuerySemanticsCase(
            "a write whose answer fails to cast stores nothing",
            { $0.from("semantics_items").update(["rank": 12] as JSONValue).eq("id", value: 2).select("name::integer") },
            expect: .error("22P02")
        ).then({ items($0).eq("rank", value: 12) }, expect: .ids([])),
    ]

    // MARK: Bulk writes

    static let bulkWrites: [QuerySemanticsCase] = [
        QuerySemanticsCase(
            "a bulk insert's missing key is NULL in that row",
            {
                $0.from("semantics_items").insert(
                    [["id": 6, "name": "F", "rank": 1], ["id": 7, "name": "G"]] as JSONValue)
            }, expect: .ids([])
        ).then({ items($0).is("rank", value: nil).in("id", values: [6, 7]) }, expect: .ids([7])),
        .init(
            "a bulk insert's missing NOT NULL key with a default is NULL: 23502", as: ownerA,
            {
                $0.from("semantics_notes").insert(
                    [["id": 10, "title": "A", "status": "archived"], ["id": 11, "title": "B"]] as JSONValue)
            }, expect: .error("23502")),
        QuerySemanticsCase(
            "with defaultToNull false a bulk insert's missing key takes the default", as: ownerA,
            {
                $0.from("semantics_notes").insert(
                    [["id": 10, "title": "A", "status": "archived"], ["id": 11, "title": "B"]] as JSONValue,
                    defaultToNull: false)
            }, expect: .ids([])
        ).then(
            { $0.from("semantics_notes").select().eq("status", value: "active").gte("id", value: 10) },
            expect: .ids([11])),
        QuerySemanticsCase(
            "a bulk upsert's missing key sets NULL on the conflicting row",
            {
                $0.from("semantics_items").upsert([["id": 1, "rank": 5], ["id": 2]] as JSONValue, returning: .minimal)
            },
            expect: .ids([])
        ).then({ items($0).is("rank", value: nil).order("id") }, expect: .ids([2, 3])),
        QuerySemanticsCase(
            "with defaultToNull false a bulk upsert's missing key sets the default on the conflicting row", as: ownerA,
            {
                $0.from("semantics_notes").upsert(
                    [["id": 1, "title": "Warm up", "status": "active"], ["id": 4, "title": "Stretch"]] as JSONValue,
                    returning: .minimal, defaultToNull: false)
            }, expect: .ids([])
        ).then(
            { $0.from("semantics_notes").select().eq("id", value: 4).eq("status", value: "active") }, expect: .ids([4])),
        .init(
            "an upsert whose proposed row breaks NOT NULL fails even when it conflicts",
            { $0.from("semantics_notes").upsert(["id": 1, "title": "Warm up"] as JSONValue) },
            expect: .error("23502")),
        .init(
            "an upsert whose rows name one key twice is 21000",
            { $0.from("semantics_items").upsert([["id": 6, "name": "F"], ["id": 6, "name": "G"]] as JSONValue) },
            expect: .error("21000")),
        .init(
            "an upsert updating an existing key twice is 21000",
            { $0.from("semantics_items").upsert([["id": 1, "name": "F"], ["id": 1, "name": "G"]] as JSONValue) },
            expect: .error("21000")),
        QuerySemanticsCase(
            "an upsert ignoring duplicates takes the first of a repeated key",
            {
                $0.from("semantics_items").upsert(
                    [["id": 6, "name": "F"], ["id": 6, "name": "G"]] as JSONValue, ignoreDuplicates: true)
            }, expect: .ids([6])
        ).then({ items($0).eq("name", value: "F") }, expect: .ids([6])),
    ]

    // MARK: numeric(p,s)

    static let numerics: [QuerySemanticsCase] = [
        QuerySemanticsCase(
            "numeric(8,2) rounds a written value half away from zero",
            {
                $0.from("semantics_items").insert(
                    [["id": 6, "price": "2.555"], ["id": 7, "price": "-1.005"]] as JSONValue)
            },
            expect: .ids([])
        ).then(
            { items($0).in("price", values: [Decimal(string: "2.56")!, Decimal(string: "-1.01")!]).order("id") },
            expect: .ids([6, 7])),
        .init(
            "numeric(8,2) rounds before it compares what it stores",
            { $0.from("semantics_items").insert(["id": 6, "price": "9.999"] as JSONValue).select("id, price::text") },
            expect: .values([["id": 6, "price": "10.00"]])),
        .init(
            "a value too large for numeric(8,2) is 22003",
            { $0.from("semantics_items").insert(["id": 6, "price": 1_000_000] as JSONValue) }, expect: .error("22003")),
        .init(
            "a value that rounds up past numeric(8,2) is 22003",
            { $0.from("semantics_items").update(["price": "999999.995"] as JSONValue).eq("id", value: 1) },
            expect: .error("22003")),
    ]

    // MARK: Type errors

    static let typeErrors: [QuerySemanticsCase] = [
        .init("is.true on an integer column is 42804", { items($0).is("rank", value: true) }, expect: .error("42804")),
        .init(
            "is.false on a text column inside or() is 42804", { items($0).or("id.eq.1,name.is.false") },
            expect: .error("42804")),
        .init(
            "is.null on any column is fine", { items($0).is("name", value: nil) }, expect: .ids([3])),
        .init(
            "a timestamp filter that is not a date is 22007", { items($0).gt("starts_at", value: "soon") },
            expect: .error("22007")),
        .init(
            "a timestamp written as text that is not a date is 22007",
            { $0.from("semantics_items").insert(["id": 6, "starts_at": "not a date"] as JSONValue) },
            expect: .error("22007")),
        .init(
            "an invalid timestamp inside or() is 22007", { items($0).or("starts_at.lt.someday,id.eq.1") },
            expect: .error("22007")),
    ]

    // MARK: Self-referencing keys

    static let selfReferences: [QuerySemanticsCase] = [
        .init(
            "a row may refer to a row of its own table", as: ownerA,
            { $0.from("semantics_logs").insert(["id": 3, "parent_id": 2] as JSONValue).select("id") },
            expect: .ids([3])),
        .init(
            "a row may refer to a row inserted in the same request", as: ownerA,
            {
                $0.from("semantics_logs").insert(
                    [["id": 3, "parent_id": 4], ["id": 4, "parent_id": nil]] as JSONValue
                )
                .select("id")
            }, expect: .ids([3, 4])),
        .init(
            "a row may refer to itself", as: ownerA,
            { $0.from("semantics_logs").insert(["id": 3, "parent_id": 3] as JSONValue).select("id") },
            expect: .ids([3])),
        .init(
            "a reference to a missing row of its own table is 23503", as: ownerA,
            { $0.from("semantics_logs").insert(["id": 3, "parent_id": 99] as JSONValue) }, expect: .error("23503")),
        QuerySemanticsCase(
            "deleting a row its own table still refers to is 23503", as: ownerA,
            { $0.from("semantics_logs").delete().eq("id", value: 1) }, expect: .error("23503")
        ).then({ logs($0).order("id") }, expect: .ids([1, 2])),
        .init(
            "deleting a row together with the rows referring to it is fine", as: ownerA,
            { $0.from("semantics_logs").delete().in("id", values: [1, 2]) }, expect: .ids([1, 2])),
    ]

    // MARK: Grants per operation and 42501 messages

    static let grants: [QuerySemanticsCase] = [
        QuerySemanticsCase(
            "a member may insert where the grant allows it", as: ownerA,
            { $0.from("semantics_logs").insert(["id": 3] as JSONValue) }, expect: .ids([])
        ).then(as: ownerA, { logs($0).eq("id", value: 3) }, expect: .ids([3])),
        QuerySemanticsCase(
            "a member may not update without the grant, even their own row", as: ownerA,
            { $0.from("semantics_logs").update(["note": "edited"] as JSONValue).eq("id", value: 2) },
            expect: .failure(code: "42501", message: "permission denied for table semantics_logs")
        ).then({ logs($0).eq("note", value: "edited") }, expect: .ids([])),
        .init(
            "a member may delete where the grant allows it", as: ownerA,
            { $0.from("semantics_logs").delete().eq("id", value: 2) }, expect: .ids([2])),
        .init(
            "an upsert that may update needs the update grant", as: ownerA,
            { $0.from("semantics_logs").upsert(["id": 3, "note": "x"] as JSONValue) },
            expect: .failure(code: "42501", message: "permission denied for table semantics_logs")),
        .init(
            "an upsert ignoring duplicates needs only the insert grant", as: ownerA,
            { $0.from("semantics_logs").upsert(["id": 3, "note": "x"] as JSONValue, ignoreDuplicates: true) },
            expect: .ids([3])),
        .init(
            "anon's write is refused by the grant", as: .anonymous,
            { $0.from("semantics_notes").insert(["id": 10, "title": "Stretch"] as JSONValue) },
            expect: .failure(code: "42501", message: "permission denied for table semantics_notes")),
        .init(
            "a member's row for someone else is refused by the policy", as: ownerA,
            {
                $0.from("semantics_notes").insert(
                    ["id": 10, "title": "Stretch", "owner_id": .string(QuerySemantics.memberB.uuidString)] as JSONValue)
            },
            expect: .failure(
                code: "42501", message: "new row violates row-level security policy for table \"semantics_notes\"")),
        .init(
            "an upsert onto someone else's row is refused by the policy's USING expression", as: ownerA,
            { $0.from("semantics_notes").upsert(["id": 3, "title": "Mine"] as JSONValue, onConflict: "id") },
            expect: .failure(
                code: "42501",
                message: "new row violates row-level security policy (USING expression) for table \"semantics_notes\"")),
        .init(
            "a member cannot hand their row to someone else: the policy's WITH CHECK", as: ownerA,
            {
                $0.from("semantics_notes").update(["owner_id": .string(QuerySemantics.memberB.uuidString)] as JSONValue)
                    .eq("id", value: 1)
            },
            expect: .failure(
                code: "42501", message: "new row violates row-level security policy for table \"semantics_notes\"")),
        .init(
            "a member may not write a public-read table", as: ownerB,
            { $0.from("semantics_items").delete().eq("id", value: 1) },
            expect: .failure(code: "42501", message: "permission denied for table semantics_items")),
    ]
}
