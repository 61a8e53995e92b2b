import FitCore
import Foundation

/// Resource embedding through foreign keys, as PostgREST does it: many-to-one objects, one-to-many arrays, `!inner`,
/// hints, filters, order and paging of the embedded rows (`referencedTable:`), nesting, row-level security on the
/// embedded rows, and PostgREST's errors when a relationship is missing or ambiguous.
extension QuerySemantics {
    private static let ownerA = DatabaseRole.member(QuerySemantics.memberA)
    private static let ownerB = DatabaseRole.member(QuerySemantics.memberB)

    private static func itemsWithNotes(_ client: any DatabaseClient, _ list: String = "id, semantics_notes(id)")
        -> FilterBuilder
    {
        client.from("semantics_items").select(list).order("id").order("id", referencedTable: "semantics_notes")
    }

    static let embedding: [QuerySemanticsCase] = [
        .init(
            "many-to-one embeds the referenced row as an object",
            { $0.from("semantics_notes").select("id, item:semantics_items(name)").order("id") },
            expect: .values([
                ["id": 1, "item": ["name": "Alpha"]], ["id": 2, "item": ["name": "beta"]],
                ["id": 3, "item": ["name": "Alpha"]], ["id": 4, "item": ["name": "Alpha"]],
            ])),
        .init(
            "many-to-one through a NULL key is null",
            { $0.from("semantics_logs").select("id, checked:semantics_items!checked_item_id(name)").order("id") },
            expect: .values([["id": 1, "checked": ["name": "beta"]], ["id": 2, "checked": nil]])),
        .init(
            "one-to-many embeds the referring rows as an array, [] for none",
            { itemsWithNotes($0).in("id", values: [1, 2, 3]) },
            expect: .values([
                ["id": 1, "semantics_notes": [["id": 1], ["id": 3], ["id": 4]]],
                ["id": 2, "semantics_notes": [["id": 2]]], ["id": 3, "semantics_notes": []],
            ])),
        .init(
            "embedded rows follow row-level security for a member", as: ownerA,
            { itemsWithNotes($0).in("id", values: [1, 2, 3]) },
            expect: .values([
                ["id": 1, "semantics_notes": [["id": 1], ["id": 4]]], ["id": 2, "semantics_notes": [["id": 2]]],
                ["id": 3, "semantics_notes": []],
            ])),
        .init(
            "embedded rows follow row-level security for anon", as: .anonymous,
            { itemsWithNotes($0).in("id", values: [1, 2]) },
            expect: .values([["id": 1, "semantics_notes": []], ["id": 2, "semantics_notes": []]])),
        .init(
            "!inner leaves out the rows without a related row",
            { itemsWithNotes($0, "id, semantics_notes!inner(id)") }, expect: .ids([1, 2])),
        .init(
            "!inner follows row-level security", as: ownerB,
            { itemsWithNotes($0, "id, semantics_notes!inner(id)") }, expect: .ids([1])),
        .init(
            "a filter on an embedded column filters only the embedded rows",
            { itemsWithNotes($0).eq("semantics_notes.status", value: "archived").in("id", values: [1, 2]) },
            expect: .values([["id": 1, "semantics_notes": [["id": 4]]], ["id": 2, "semantics_notes": []]])),
        .init(
            "a filter on an !inner embedding filters the rows too",
            { itemsWithNotes($0, "id, semantics_notes!inner(id)").eq("semantics_notes.status", value: "archived") },
            expect: .ids([1])),
        .init(
            "a filter on a many-to-one embedding makes it null where it does not match",
            {
                $0.from("semantics_notes").select("id, item:semantics_items(name)").eq("item.name", value: "beta")
                    .order("id").limit(2)
            }, expect: .values([["id": 1, "item": nil], ["id": 2, "item": ["name": "beta"]]])),
        .init(
            "a filter on an !inner many-to-one embedding filters the rows",
            {
                $0.from("semantics_notes").select("id, item:semantics_items!inner(name)").eq("item.name", value: "beta")
            }, expect: .ids([2])),
        .init(
            "a negated filter on an embedded column",
            {
                itemsWithNotes($0).not("semantics_notes.status", operator: .eq, value: "archived").eq("id", value: 1)
            }, expect: .values([["id": 1, "semantics_notes": [["id": 1], ["id": 3]]]])),
        .init(
            "order and limit of the embedded rows",
            {
                $0.from("semantics_items").select("id, semantics_notes(id)").eq("id", value: 1)
                    .order("id", ascending: false, referencedTable: "semantics_notes")
                    .limit(2, referencedTable: "semantics_notes")
            }, expect: .values([["id": 1, "semantics_notes": [["id": 4], ["id": 3]]]])),
        .init(
            "range of the embedded rows",
            { itemsWithNotes($0).eq("id", value: 1).range(from: 1, to: 1, referencedTable: "semantics_notes") },
            expect: .values([["id": 1, "semantics_notes": [["id": 3]]]])),
        .init(
            "or on the embedded rows",
            {
                itemsWithNotes($0).or("status.eq.archived,id.eq.2", referencedTable: "semantics_notes")
                    .in("id", values: [1, 2])
            },
            expect: .values([["id": 1, "semantics_notes": [["id": 4]]], ["id": 2, "semantics_notes": [["id": 2]]]])),
        .init(
            "an aliased embedding is named by its alias in its options",
            {
                $0.from("semantics_items").select("id, notes:semantics_notes(title)").eq("id", value: 1)
                    .order("id", ascending: false, referencedTable: "notes").limit(1, referencedTable: "notes")
            }, expect: .values([["id": 1, "notes": [["title": "Warm up"]]]])),
        .init(
            "embeddings nest",
            {
                $0.from("semantics_notes").select("id, item:semantics_items(name, logs:semantics_logs!item_id(id))")
                    .eq("id", value: 2)
            }, expect: .values([["id": 2, "item": ["name": "beta", "logs": [["id": 2]]]]])),
        .init(
            "a nested !inner leaves out the embedded rows without their own related row",
            {
                $0.from("semantics_items").select("id, semantics_notes(id, item:semantics_items!inner(id))")
                    .eq("semantics_notes.item.name", value: "beta").in("id", values: [1, 2]).order("id")
            },
            expect: .values([
                ["id": 1, "semantics_notes": []], ["id": 2, "semantics_notes": [["id": 2, "item": ["id": 2]]]],
            ])),
        .init(
            "an embedding's columns may be renamed and cast",
            { $0.from("semantics_notes").select("id, semantics_items(p:price::text)").eq("id", value: 1) },
            expect: .values([["id": 1, "semantics_items": ["p": "2.50"]]])),
        .init(
            "a hint by constraint name picks one of two keys",
            {
                $0.from("semantics_items").select("id, semantics_logs!semantics_logs_checked_item_id_fkey(id)")
                    .eq("id", value: 2)
            }, expect: .values([["id": 2, "semantics_logs": [["id": 1]]]])),
        .init(
            "a hint by column picks the other",
            { $0.from("semantics_items").select("id, semantics_logs!item_id(id)").eq("id", value: 2) },
            expect: .values([["id": 2, "semantics_logs": [["id": 2]]]])),
        .init(
            "two keys between the tables without a hint is PGRST201",
            { $0.from("semantics_items").select("id, semantics_logs(id)") }, expect: .error("PGRST201")),
        .init(
            "a hint that names no key is PGRST200",
            { $0.from("semantics_items").select("id, semantics_logs!nope(id)") }, expect: .error("PGRST200")),
        .init(
            "tables without a key between them is PGRST200",
            { $0.from("semantics_notes").select("id, semantics_logs(id)") }, expect: .error("PGRST200")),
        .init(
            "an unknown table is PGRST200", { $0.from("semantics_items").select("id, nope(id)") },
            expect: .error("PGRST200")),
        .init(
            "a view has no relationships to embed",
            { $0.from("semantics_item_stats").select("id, semantics_notes(id)") },
            expect: .error("PGRST200")),
        .init(
            "an unknown column of an embedding is 42703",
            { $0.from("semantics_notes").select("id, semantics_items(nope)") }, expect: .error("42703")),
        .init(
            "options for a resource the select does not embed are PGRST108",
            { $0.from("semantics_items").select("id").eq("semantics_notes.id", value: 1) }, expect: .error("PGRST108")),
        .init(
            "count counts the rows an !inner embedding keeps",
            { $0.from("semantics_items").select("id, semantics_notes!inner(id)", count: .exact).order("id").limit(1) },
            expect: .counted(2, ids: [1])),
        .init(
            "single with an embedding is one object",
            { $0.from("semantics_notes").select("id, item:semantics_items(name)").eq("id", value: 2).single() },
            expect: .values([["id": 2, "item": ["name": "beta"]]])),
        .init(
            "a write's returned rows cannot embed (PGRST100, nothing sent)",
            { $0.from("semantics_items").insert(["id": 6] as JSONValue).select("id, semantics_notes(id)") },
            expect: .error("PGRST100")),
    ]
}
