import FitCore
import FitInMemory
import Foundation

/// PostgreSQL's and PostgREST's documented query semantics as a table of cases over a small seed (see
/// `QuerySemantics+Schema.swift`). FitCore's tests run them on ``InMemoryDatabase``; a parity suite runs the
/// same cases on a real server, so both backends answer every request alike.
///
/// Item rows (ids 1–5), for reading the expectations:
///
/// | id | name    | code  | rank | price | active | ref  | starts_at (UTC)       |
/// |----|---------|-------|------|-------|--------|------|-----------------------|
/// | 1  | Alpha   | "10"  | 10   | 2.50  | true   | refA | 2026-06-04 18:00      |
/// | 2  | beta    | "9"   | 9    | 10.00 | false  | NULL | 2026-06-05 07:30:00.5 |
/// | 3  | NULL    | "100" | NULL | NULL  | NULL   | NULL | NULL                  |
/// | 4  | Gamma_1 | "9"   | 100  | 0.00  | true   | refB | 2026-06-04 16:00      |
/// | 5  | gam%ma  | NULL  | 2    | 1.25  | NULL   | NULL | 2026-06-01 00:00      |
public enum QuerySemantics {
    /// Every case: reads, errors, constraints, row-level security, views and functions.
    public static var cases: [QuerySemanticsCase] {
        ordering + patterns + lists + comparisons + nulls + logic + paging + cardinality + errors + constraints
            + rowLevelSecurity + viewsAndFunctions + operators + vocabulary + embedding + transforms + textSearch
    }

    private static func items(_ client: any DatabaseClient) -> FilterBuilder {
        client.from("semantics_items").select()
    }

    private static func notes(_ client: any DatabaseClient) -> FilterBuilder {
        client.from("semantics_notes").select()
    }

    private static let roleA = DatabaseRole.member(QuerySemantics.memberA)
    private static let roleB = DatabaseRole.member(QuerySemantics.memberB)

    /// `2026-06-04T17:00:00Z`.
    private static let june4At17UTC = Date(timeIntervalSince1970: 1_780_592_400)

    // MARK: Ordering

    static let ordering: [QuerySemanticsCase] = [
        .init("ascending order puts NULLs last", { items($0).order("name") }, expect: .ids([1, 4, 2, 5, 3])),
        .init(
            "descending order puts NULLs last by default, as supabase-swift sends it",
            { items($0).order("name", ascending: false) }, expect: .ids([5, 2, 4, 1, 3])),
        .init(
            "ascending order with nullsFirst puts NULLs first", { items($0).order("name", nullsFirst: true) },
            expect: .ids([3, 1, 4, 2, 5])),
        .init(
            "descending order with nullsFirst puts NULLs first",
            { items($0).order("name", ascending: false, nullsFirst: true) }, expect: .ids([3, 5, 2, 4, 1])),
        .init("an integer column orders numerically", { items($0).order("rank") }, expect: .ids([5, 2, 1, 4, 3])),
        .init(
            "a text column orders by bytes", { items($0).order("code").order("id") },
            expect: .ids([1, 3, 2, 4, 5])),
        .init("a numeric column orders by value", { items($0).order("price") }, expect: .ids([4, 5, 1, 2, 3])),
        .init(
            "a boolean column orders false before true", { items($0).order("active", ascending: false).order("id") },
            expect: .ids([1, 4, 2, 3, 5])),
        .init(
            "a timestamp column orders by instant, honouring offsets", { items($0).order("starts_at") },
            expect: .ids([5, 4, 1, 2, 3])),
        .init("a uuid column orders by bytes", { items($0).order("ref").order("id") }, expect: .ids([1, 4, 2, 3, 5])),
    ]

    // MARK: like and ilike

    static let patterns: [QuerySemanticsCase] = [
        .init("ilike ignores case", { items($0).ilike("name", pattern: "ALPHA") }, expect: .ids([1])),
        .init(
            "ilike with % matches a prefix", { items($0).ilike("name", pattern: "g%").order("id") },
            expect: .ids([4, 5])),
        .init("like is case-sensitive", { items($0).like("name", pattern: "g%") }, expect: .ids([5])),
        .init("like _ matches exactly one character", { items($0).like("name", pattern: "_eta") }, expect: .ids([2])),
        .init("like __ needs two characters", { items($0).like("name", pattern: "Gamm__1") }, expect: .ids([4])),
        .init("like accepts PostgREST's * for %", { items($0).like("name", pattern: "*amm*") }, expect: .ids([4])),
        .init("ilike accepts *", { items($0).ilike("name", pattern: "*AM*").order("id") }, expect: .ids([4, 5])),
        .init("like \\% matches a literal %", { items($0).like("name", pattern: "%\\%%") }, expect: .ids([5])),
        .init("like \\_ matches a literal _", { items($0).like("name", pattern: "%\\_%") }, expect: .ids([4])),
        .init(
            "not like never matches NULL", { items($0).not("name", operator: .like, value: "A%").order("id") },
            expect: .ids([2, 4, 5])),
    ]

    // MARK: in

    static let lists: [QuerySemanticsCase] = [
        .init(
            "in matches any listed value", { items($0).in("rank", values: [9, 100]).order("id") }, expect: .ids([2, 4])),
        .init("in with an empty list matches no row", { items($0).in("rank", values: [Int]()) }, expect: .ids([])),
        .init(
            "not in with an empty list matches every row, NULLs too",
            { items($0).not("rank", operator: .in, value: [Int]()).order("id") }, expect: .ids([1, 2, 3, 4, 5])),
        .init(
            "not in skips NULL column values", { items($0).not("rank", operator: .in, value: [9, 100]).order("id") },
            expect: .ids([1, 5])),
        .init(
            "in with a NULL member still matches the others", { items($0).in("rank", values: [Int?.some(10), nil]) },
            expect: .ids([1])),
        .init(
            "not in with a NULL member is never true",
            { items($0).not("rank", operator: .in, value: [Int?.some(10), nil]) }, expect: .ids([])),
        .init("in on text", { items($0).in("name", values: ["beta", "Alpha"]).order("id") }, expect: .ids([1, 2])),
        .init(
            "in on numeric ignores the scale",
            { items($0).in("price", values: [Decimal(string: "2.500")!, Decimal(10)]).order("id") },
            expect: .ids([1, 2])),
        .init("in on uuid", { items($0).in("ref", values: [refB]) }, expect: .ids([4])),
    ]

    // MARK: Comparisons and casts

    static let comparisons: [QuerySemanticsCase] = [
        .init(
            "an integer column compares numerically with a text literal",
            { items($0).gt("rank", value: "9").order("id") },
            expect: .ids([1, 4])),
        .init(
            "a text column compares as text", { items($0).lt("code", value: "9").order("id") }, expect: .ids([1, 3])),
        .init("gte on integers", { items($0).gte("rank", value: 10).order("id") }, expect: .ids([1, 4])),
        .init("lte on integers", { items($0).lte("rank", value: 9).order("id") }, expect: .ids([2, 5])),
        .init(
            "gt on numeric with a Decimal", { items($0).gt("price", value: Decimal(2)).order("id") },
            expect: .ids([1, 2])),
        .init(
            "eq on numeric ignores the scale", { items($0).eq("price", value: Decimal(string: "2.5")!) },
            expect: .ids([1])),
        .init("lt on numeric with a Double", { items($0).lt("price", value: 1.5).order("id") }, expect: .ids([4, 5])),
        .init("eq on numeric with an Int", { items($0).eq("price", value: 10) }, expect: .ids([2])),
        .init(
            "gte on a timestamp with a Date", { items($0).gte("starts_at", value: june4At17UTC).order("id") },
            expect: .ids([1, 2])),
        .init(
            "eq on a timestamp honours the literal's offset",
            { items($0).eq("starts_at", value: "2026-06-04T20:00:00+02:00") }, expect: .ids([1])),
        .init(
            "eq on a timestamp with a fraction", { items($0).eq("starts_at", value: "2026-06-05T07:30:00.500Z") },
            expect: .ids([2])),
        .init(
            "lt on a timestamp is strict", { items($0).lt("starts_at", value: "2026-06-04T18:00:00+02:00") },
            expect: .ids([5])),
        .init("eq on a uuid", { items($0).eq("ref", value: refA) }, expect: .ids([1])),
        .init(
            "a uuid literal may be upper case", { items($0).eq("ref", value: refB.uuidString.uppercased()) },
            expect: .ids([4])),
        .init("eq on a boolean", { items($0).eq("active", value: true).order("id") }, expect: .ids([1, 4])),
        .init("a boolean literal may be 'f'", { items($0).eq("active", value: "f") }, expect: .ids([2])),
        .init(
            "a filter on a partial builder value is a plain AND",
            { items($0).gte("rank", value: 9).lt("rank", value: 100).order("id") },
            expect: .ids([1, 2])),
    ]

    // MARK: NULL and three-valued logic

    static let nulls: [QuerySemanticsCase] = [
        .init("neq never matches NULL", { items($0).neq("rank", value: 10).order("id") }, expect: .ids([2, 4, 5])),
        .init(
            "not eq never matches NULL", { items($0).not("rank", operator: .eq, value: 10).order("id") },
            expect: .ids([2, 4, 5])),
        .init(
            "not gt never matches NULL", { items($0).not("rank", operator: .gt, value: 9).order("id") },
            expect: .ids([2, 5])),
        .init("eq never matches NULL", { items($0).eq("active", value: false) }, expect: .ids([2])),
        .init("is null matches NULL", { items($0).is("name", value: nil) }, expect: .ids([3])),
        .init(
            "not is null matches the rest",
            { items($0).not("name", operator: .is, value: QueryValue.null).order("id") },
            expect: .ids([1, 2, 4, 5])),
        .init("is true matches true only", { items($0).is("active", value: true).order("id") }, expect: .ids([1, 4])),
        .init("is false matches false only", { items($0).is("active", value: false) }, expect: .ids([2])),
        .init(
            "not is true matches false and NULL", { items($0).not("active", operator: .is, value: true).order("id") },
            expect: .ids([2, 3, 5])),
    ]

    // MARK: or, and, not, match

    static let logic: [QuerySemanticsCase] = [
        .init("or matches either side", { items($0).or("rank.gt.50,name.eq.beta").order("id") }, expect: .ids([2, 4])),
        .init(
            "or with a nested and", { items($0).or("rank.gt.50,and(active.is.true,name.like.A*)").order("id") },
            expect: .ids([1, 4])),
        .init(
            "not.and inside or is three-valued",
            { items($0).or("not.and(rank.gte.5,rank.lte.10),id.eq.3").order("id") },
            expect: .ids([3, 4, 5])),
        .init(
            "or with a quoted in-list", { items($0).or("name.in.(\"Alpha\",\"beta\"),id.eq.99").order("id") },
            expect: .ids([1, 2])),
        .init(
            "or with a quoted value holding reserved characters",
            { items($0).or("name.eq.\"gam%ma\",name.eq.\"a,b\"") },
            expect: .ids([5])),
        .init(
            "or is ANDed with the other filters", { items($0).eq("active", value: true).or("rank.lt.50,name.is.null") },
            expect: .ids([1])),
        .init("or with is.null", { items($0).or("name.is.null,rank.lt.5").order("id") }, expect: .ids([3, 5])),
        .init(
            "two or filters are ANDed", { items($0).or("id.eq.1,id.eq.2").or("id.eq.2,id.eq.3") }, expect: .ids([2])),
        .init("match is an AND of equalities", { items($0).match(["active": true, "rank": 100]) }, expect: .ids([4])),
        .init("an or that does not parse is PGRST100", { items($0).or("id.eq.1,") }, expect: .error("PGRST100")),
        .init(
            "an or naming an unknown column is 42703", { items($0).or("nope.eq.1,id.eq.1") }, expect: .error("42703")),
    ]

    // MARK: limit, offset, range, count

    static let paging: [QuerySemanticsCase] = [
        .init("limit keeps the first rows", { items($0).order("id").limit(2) }, expect: .ids([1, 2])),
        .init("limit 0 returns no rows", { items($0).order("id").limit(0) }, expect: .ids([])),
        .init(
            "limit applies after ordering", { items($0).order("rank", ascending: false).limit(2) },
            expect: .ids([4, 1])),
        .init(
            "range is inclusive and zero-based", { items($0).order("id").range(from: 1, to: 3) },
            expect: .ids([2, 3, 4])),
        .init("range past the end is cut short", { items($0).order("id").range(from: 4, to: 10) }, expect: .ids([5])),
        .init("range beyond the rows is empty", { items($0).order("id").range(from: 10, to: 12) }, expect: .ids([])),
        .init(
            "count exact counts before limit",
            { $0.from("semantics_items").select("id", count: .exact).order("id").limit(2) },
            expect: .counted(5, ids: [1, 2])),
        .init(
            "count exact counts the filtered rows before range",
            {
                $0.from("semantics_items").select(count: .exact).eq("active", value: true).order("id").range(
                    from: 1, to: 1)
            },
            expect: .counted(2, ids: [4])),
        .init(
            "head returns only the count",
            { $0.from("semantics_items").select(head: true, count: .exact).is("active", value: true) },
            expect: .counted(2, ids: [])),
    ]

    // MARK: single and maybeSingle

    static let cardinality: [QuerySemanticsCase] = [
        .init("single returns the one row", { items($0).eq("id", value: 2).single() }, expect: .ids([2])),
        .init("single on no row is PGRST116", { items($0).eq("id", value: 99).single() }, expect: .error("PGRST116")),
        .init(
            "single on two rows is PGRST116", { items($0).in("id", values: [1, 2]).single() },
            expect: .error("PGRST116")),
        .init("maybeSingle on no row is null", { items($0).eq("id", value: 99).maybeSingle() }, expect: .noRow),
        .init("maybeSingle returns the one row", { items($0).eq("id", value: 3).maybeSingle() }, expect: .ids([3])),
        .init(
            "maybeSingle on two rows is PGRST116", { items($0).in("id", values: [1, 2]).maybeSingle() },
            expect: .error("PGRST116")),
    ]

    // MARK: Names and literals

    static let errors: [QuerySemanticsCase] = [
        .init("an unknown table is PGRST205", { $0.from("semantics_nope").select() }, expect: .error("PGRST205")),
        .init("an unknown column in a filter is 42703", { items($0).eq("nope", value: 1) }, expect: .error("42703")),
        .init("an unknown column in order is 42703", { items($0).order("nope") }, expect: .error("42703")),
        .init(
            "an unknown column in select is 42703", { $0.from("semantics_items").select("id, nope") },
            expect: .error("42703")),
        .init("an unknown function is PGRST202", { $0.rpc("semantics_nope") }, expect: .error("PGRST202")),
        .init(
            "an invalid uuid literal is 22P02", { items($0).eq("ref", value: "not-a-uuid") }, expect: .error("22P02")),
        .init("an invalid integer literal is 22P02", { items($0).eq("rank", value: "ten") }, expect: .error("22P02")),
        .init(
            "a fractional literal on an integer column is 22P02", { items($0).eq("rank", value: "9.5") },
            expect: .error("22P02")),
        .init(
            "an unknown column in a write body is PGRST204",
            { $0.from("semantics_items").insert(["id": 9, "nope": 1] as JSONValue) }, expect: .error("PGRST204")),
    ]

    // MARK: Constraints

    static let constraints: [QuerySemanticsCase] = [
        .init(
            "a duplicate primary key is 23505", { $0.from("semantics_items").insert(["id": 1] as JSONValue) },
            expect: .error("23505")),
        .init(
            "a partial unique index rejects a second active row", as: roleA,
            { $0.from("semantics_notes").insert(["id": 10, "title": "Warm up"] as JSONValue) }, expect: .error("23505")),
        .init(
            "a partial unique index ignores rows outside its predicate", as: roleA,
            {
                $0.from("semantics_notes").insert(["id": 10, "title": "Warm up", "status": "archived"] as JSONValue)
                    .select("id")
            },
            expect: .ids([10])),
        .init(
            "a unique index spans its columns: another member may reuse a title", as: roleB,
            { $0.from("semantics_notes").insert(["id": 10, "title": "Cool down"] as JSONValue).select("id") },
            expect: .ids([10])),
        .init(
            "a failed check is 23514", as: roleA,
            { $0.from("semantics_notes").insert(["id": 10, "title": "   "] as JSONValue) }, expect: .error("23514")),
        .init(
            "a value outside a check's list is 23514", as: roleA,
            { $0.from("semantics_notes").insert(["id": 10, "title": "Stretch", "status": "done"] as JSONValue) },
            expect: .error("23514")),
        .init(
            "a missing NOT NULL column without default is 23502", as: roleA,
            { $0.from("semantics_notes").insert(["id": 10] as JSONValue) }, expect: .error("23502")),
        .init(
            "an explicit NULL in a NOT NULL column is 23502", as: roleA,
            { $0.from("semantics_notes").insert(["id": 10, "title": nil] as JSONValue) }, expect: .error("23502")),
        .init(
            "a foreign key to a missing row is 23503", as: roleA,
            { $0.from("semantics_notes").insert(["id": 10, "title": "Stretch", "item_id": 999] as JSONValue) },
            expect: .error("23503")),
        .init(
            "deleting a referenced row is 23503", { $0.from("semantics_items").delete().eq("id", value: 1) },
            expect: .error("23503")),
        QuerySemanticsCase(
            "a multi-row insert with one bad row stores nothing",
            { $0.from("semantics_items").insert([["id": 6, "name": "Delta"], ["id": 1]] as JSONValue) },
            expect: .error("23505")
        ).then({ items($0).eq("id", value: 6) }, expect: .ids([])),
        QuerySemanticsCase(
            "an update that fails a check on one row stores nothing",
            { $0.from("semantics_notes").update(["title": " "] as JSONValue).eq("item_id", value: 1) },
            expect: .error("23514")
        ).then({ notes($0).eq("title", value: "Warm up").order("id") }, expect: .ids([1, 3, 4])),
        QuerySemanticsCase(
            "an update that breaks uniqueness stores nothing", as: roleA,
            { $0.from("semantics_notes").update(["title": "Warm up"] as JSONValue).eq("id", value: 2) },
            expect: .error("23505")
        ).then({ notes($0).eq("title", value: "Cool down") }, expect: .ids([2])),
        QuerySemanticsCase(
            "an update leaves the rows its filter is NULL on (rank >= 9 skips rank NULL)",
            { $0.from("semantics_items").update(["name": "Ranked"] as JSONValue).gte("rank", value: 9) },
            expect: .ids([1, 2, 4])
        ).then({ items($0).eq("name", value: "Ranked").order("id") }, expect: .ids([1, 2, 4])),
        QuerySemanticsCase(
            "a delete leaves the rows its filter is NULL on (price < 2 keeps price NULL)",
            { $0.from("semantics_items").delete().lt("price", value: 2) },
            expect: .ids([4, 5])
        ).then({ items($0).order("id") }, expect: .ids([1, 2, 3])),
    ]

    // MARK: Row-level security

    static let rowLevelSecurity: [QuerySemanticsCase] = [
        .init("anon sees no owned rows", as: .anonymous, { notes($0) }, expect: .ids([])),
        .init("a member sees only their own rows", as: roleA, { notes($0).order("id") }, expect: .ids([1, 2, 4])),
        .init("another member sees theirs", as: roleB, { notes($0).order("id") }, expect: .ids([3])),
        .init("the service role sees every row", { notes($0).order("id") }, expect: .ids([1, 2, 3, 4])),
        .init(
            "a filter cannot reach past row-level security", as: roleA, { notes($0).eq("id", value: 3) },
            expect: .ids([])),
        .init(
            "count only counts visible rows", as: roleB,
            { $0.from("semantics_notes").select(head: true, count: .exact) }, expect: .counted(1, ids: [])),
        QuerySemanticsCase(
            "a member's insert defaults the owner to them", as: roleA,
            { $0.from("semantics_notes").insert(["id": 10, "title": "Stretch"] as JSONValue).select("id") },
            expect: .ids([10])
        ).then(as: roleA, { notes($0).eq("id", value: 10) }, expect: .ids([10]))
            .then(as: roleB, { notes($0).eq("id", value: 10) }, expect: .ids([])),
        .init(
            "a member cannot insert a row for someone else", as: roleA,
            {
                $0.from("semantics_notes").insert(
                    ["id": 10, "title": "Stretch", "owner_id": .string(QuerySemantics.memberB.uuidString)] as JSONValue)
            },
            expect: .error("42501")),
        .init(
            "anon cannot insert", as: .anonymous,
            { $0.from("semantics_notes").insert(["id": 10, "title": "Stretch"] as JSONValue) }, expect: .error("42501")),
        .init(
            "a member cannot insert into a public-read table", as: roleA,
            { $0.from("semantics_items").insert(["id": 9] as JSONValue) }, expect: .error("42501")),
        .init(
            "a member cannot update a public-read table", as: roleA,
            { $0.from("semantics_items").update(["name": "Mine"] as JSONValue).eq("id", value: 1) },
            expect: .error("42501")),
        .init(
            "a member cannot delete from a public-read table", as: roleA,
            { $0.from("semantics_items").delete().eq("id", value: 1) }, expect: .error("42501")),
        QuerySemanticsCase(
            "a member's update of someone else's row changes nothing", as: roleA,
            { $0.from("semantics_notes").update(["title": "Mine"] as JSONValue).eq("id", value: 3).select("id") },
            expect: .ids([])
        ).then({ notes($0).eq("id", value: 3).eq("title", value: "Warm up") }, expect: .ids([3])),
        QuerySemanticsCase(
            "a member's delete of someone else's row changes nothing", as: roleA,
            { $0.from("semantics_notes").delete().eq("id", value: 3).select("id") }, expect: .ids([])
        ).then({ notes($0).eq("id", value: 3) }, expect: .ids([3])),
        QuerySemanticsCase(
            "a member updates their own row", as: roleA,
            { $0.from("semantics_notes").update(["title": "Mobility"] as JSONValue).eq("id", value: 2).select("id") },
            expect: .ids([2])
        ).then({ notes($0).eq("title", value: "Mobility") }, expect: .ids([2])),
        .init(
            "a member cannot hand their row to someone else", as: roleA,
            {
                $0.from("semantics_notes").update(["owner_id": .string(QuerySemantics.memberB.uuidString)] as JSONValue)
                    .eq("id", value: 1)
            },
            expect: .error("42501")),
        QuerySemanticsCase(
            "a member's upsert updates their own row", as: roleA,
            {
                $0.from("semantics_notes").upsert(["id": 2, "title": "Mobility"] as JSONValue, onConflict: "id")
                    .select("id")
            },
            expect: .ids([2])
        ).then({ notes($0).eq("title", value: "Mobility") }, expect: .ids([2])),
        .init(
            "a member's upsert onto someone else's row is 42501", as: roleA,
            { $0.from("semantics_notes").upsert(["id": 3, "title": "Mine"] as JSONValue, onConflict: "id") },
            expect: .error("42501")),
    ]

    // MARK: Views and functions

    static let viewsAndFunctions: [QuerySemanticsCase] = [
        .init(
            "a view is computed from every member's rows", as: .anonymous,
            { $0.from("semantics_item_stats").select().gt("note_count", value: 1) }, expect: .ids([1])),
        .init(
            "a view's per-member column follows the acting member", as: roleA,
            { $0.from("semantics_item_stats").select().gt("my_note_count", value: 0).order("id") },
            expect: .ids([1, 2])),
        .init(
            "a view's per-member column for another member", as: roleB,
            { $0.from("semantics_item_stats").select().gt("my_note_count", value: 0).order("id") }, expect: .ids([1])),
        .init(
            "a view's per-member column is empty for anon", as: .anonymous,
            { $0.from("semantics_item_stats").select().gt("my_note_count", value: 0) }, expect: .ids([])),
        QuerySemanticsCase(
            "a view reflects a write at once", as: roleB,
            { $0.from("semantics_notes").insert(["id": 10, "title": "Cool down", "item_id": 2] as JSONValue) },
            expect: .ids([])
        ).then({ $0.from("semantics_item_stats").select().eq("note_count", value: 2) }, expect: .ids([2])),
        .init(
            "a function returns its JSON", { $0.rpc("semantics_items_ranked_above", params: ["min_rank": 9]) },
            expect: .ids([1, 4])),
        QuerySemanticsCase(
            "a function that inserts and then raises leaves nothing behind", as: roleA,
            { $0.rpc("semantics_insert_then_fail", params: ["note_title": "Ghost"]) }, expect: .error("FB007")
        ).then({ notes($0).eq("id", value: 100) }, expect: .ids([])),
    ]
}
