import FitCore
import FitInMemory
import FitTesting
import Testing

/// The select list as supabase-swift sends it and PostgREST reads it: whitespace outside quotes, aliases, casts,
/// quoted names and embeddings.
@Suite struct SelectListTests {
    @Test(
        arguments: [
            ("*", nil),
            ("", nil),
            ("id, title", ["id", "title"]),
            ("  id ,\n  title\n", ["id", "title"]),
            ("label:name", [SelectedColumn("name", alias: "label")]),
            ("rank::TEXT", [SelectedColumn("rank", cast: "text")]),
            ("r : rank :: int4", [SelectedColumn("rank", alias: "r", cast: "int4")]),
            (#""odd, name""#, ["odd, name"]),
            (#""my label":"a \"b\"""#, [SelectedColumn(#"a "b""#, alias: "my label")]),
            ("id,,title,", ["id", "title"]),
            ("*, label:name", ["*", SelectedColumn("name", alias: "label")]),
            (
                "id, s:studios!fk!inner(name, rooms(id))",
                [
                    "id",
                    SelectedColumn(
                        "studios", alias: "s",
                        embedding: EmbeddedResource(
                            hint: "fk", isInner: true,
                            columns: ["name", SelectedColumn("rooms", embedding: EmbeddedResource(columns: ["id"]))])),
                ]
            ),
            ("studios(*)", [SelectedColumn("studios", embedding: EmbeddedResource())]),
        ] as [(String, [SelectedColumn]?)])
    func readsTheListAsPostgRESTDoes(text: String, expected: [SelectedColumn]?) throws {
        let items = try SelectedColumn.list(text)
        #expect(items == expected)
        // Each item's description reads back as the same item.
        if let items { #expect(try SelectedColumn.list(items.map(\.description).joined(separator: ",")) == items) }
    }

    @Test(arguments: [
        #"id, "name"#,
        "id::",
        "id::te-xt",
        "label:",
        ":name",
        "studios(name",
        "studios)name(",
        "data->key",
        "l:*",
        "studios!fk",
        // PostgREST reads a quote only at the start of a name.
        #"some"column""#,
        // A fuzzer finding: a quoted empty name read as a column with no name.
        "X\0\0\0,,*,,*,\"\"::textXXXXAXXXXXXeeeeXXXXXXXXXXXXXXoad",
        String(repeating: "a(", count: 17) + "id" + String(repeating: ")", count: 17),
    ])
    func refusesWhatDoesNotParseWithPGRST100(text: String) {
        #expect(throws: DatabaseError.self) { try SelectedColumn.list(text) }
        #expect((try? SelectedColumn.list(text)) == nil)
        let error = (try? SelectedColumn.list(text)).map { _ in nil } ?? Self.code(of: text)
        #expect(error == "PGRST100")
    }

    private static func code(of text: String) -> String? {
        do {
            _ = try SelectedColumn.list(text)
            return nil
        } catch {
            return error.code
        }
    }

    @Test func aBuilderWithAListThatDoesNotParseSendsNothing() async throws {
        let database = TestDatabase(try InMemoryDatabase(), clock: TestClock())
        await #expect(throws: DatabaseError.self) {
            try await database.client().from("t").select(#""unterminated"#).execute()
        }
        #expect(database.requests.isEmpty)
    }
}
