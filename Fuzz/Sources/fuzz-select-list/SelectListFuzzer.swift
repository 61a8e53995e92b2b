import FitInMemory
import Foundation
import FuzzSupport

@testable import FitCore
@testable import FitSupabase

/// The table every input selects from: one column of each kind, two rows.
private let database: InMemoryDatabase = {
    let database = try! InMemoryDatabase()
    try! database.createTable(
        TableSchema(
            name: "things",
            columns: [
                Column("id", .uuid, default: .generatedUUID), Column("name", .text),
                Column("at", .timestamp, nullable: true), Column("count", .integer, nullable: true),
                Column("payload", .json, nullable: true),
            ],
            access: .publicRead))
    let rows: JSONValue = [
        ["name": "one", "at": "2026-06-04T18:00:00Z", "count": 1, "payload": ["a": [1, 2]]],
        ["name": "two"],
    ]
    _ = runBlocking { try await database.client(as: .service).from("things").insert(rows).execute() }
    return database
}()
private let columns: Set<String> = ["id", "name", "at", "count", "payload"]
private let encoder = PostgRESTRequestEncoder(projectURL: URL(string: "https://fuzz.supabase.co")!, anonKey: "anon")

/// Select-list parsing (`select("id, label:name, count::text")`) on any text: it reads items with non-empty names and
/// at most a plain type name as cast, or refuses with `PGRST100`; the items' own text reads back as the same items;
/// FitSupabase's `select=` parameter reads back as the same items; and the in-memory engine answers with exactly the
/// items' output names, or `42703` naming a column that does not exist, `PGRST200` for an embedding (the table has no
/// relationships), or a cast's error (`0A000`, `42846`, `22P02`, `22007`).
@_cdecl("LLVMFuzzerTestOneInput")
public func selectListFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = FuzzInput(data, size).text
    let items: [SelectedColumn]?
    do { items = try SelectedColumn.list(text) } catch {
        fuzzCheck(error.code == "PGRST100", "\(text.debugDescription) is refused with \(error)")
        return 0
    }
    if let items {
        fuzzCheck(!items.isEmpty && items != ["*"], "\(text.debugDescription) reads as \(items)")
        for item in items {
            fuzzCheck(!item.name.isEmpty, "\(text.debugDescription) reads an empty name in \(item)")
            fuzzCheck(item.alias.map { !$0.isEmpty } ?? true, "\(text.debugDescription) reads an empty alias")
        }
        let reread = try? SelectedColumn.list(items.map(\.description).joined(separator: ","))
        fuzzCheck(reread == items, "\(text.debugDescription) = \(items) reads back as \(String(describing: reread))")
        checkSelectParameter(items, text: text)
    }

    let result = runBlocking {
        try await database.client(as: .anonymous).from("things").select(text).executeRaw()
    }
    switch result {
    case .success(let response):
        let rows: [JSONValue]
        do { rows = try JSONDecoder().decode([JSONValue].self, from: response.data) } catch {
            fuzzCheck(false, "select(\(text.debugDescription)) answers unreadable JSON: \(error)")
            return 0
        }
        fuzzCheck(rows.count == 2, "select(\(text.debugDescription)) answers \(rows.count) rows")
        let expected = items.map { Set($0.flatMap { $0.isStar ? Array(columns) : [$0.outputName] }) } ?? columns
        for row in rows {
            guard case .object(let fields) = row else {
                fuzzCheck(false, "select(\(text.debugDescription)) answers a row \(row)")
                return 0
            }
            fuzzCheck(
                Set(fields.keys) == expected,
                "select(\(text.debugDescription)) answers the columns \(fields.keys.sorted())")
        }
    case .failure(let error):
        guard let error = error as? DatabaseError, let items else {
            fuzzCheck(false, "select(\(text.debugDescription)) throws \(error)")
            return 0
        }
        switch error.code {
        case "42703":
            fuzzCheck(
                items.contains {
                    !$0.isStar && !columns.contains($0.name)
                        && error.message == "column things.\($0.name) does not exist"
                },
                "select(\(text.debugDescription)) throws \(error) for the items \(items)")
        case "PGRST200", "PGRST201":
            // `things` has no foreign key, so any embedding names a relationship that does not exist.
            fuzzCheck(
                items.contains { $0.embedding != nil },
                "select(\(text.debugDescription)) throws \(error) with no embedding")
        case "0A000", "42846", "22P02", "22007":
            fuzzCheck(
                items.contains { $0.cast != nil }, "select(\(text.debugDescription)) throws \(error) with no cast")
        default:
            fuzzCheck(false, "select(\(text.debugDescription)) throws \(error)")
        }
    }
    return 0
}

/// What FitSupabase sends as `select=` reads back as the same items (or it refuses with `PGRST100`).
private func checkSelectParameter(_ items: [SelectedColumn], text: String) {
    let query = DatabaseQuery(target: "things", operation: .select, columns: items)
    let request: PostgRESTRequest
    do { request = try encoder.request(for: query, accessToken: nil) } catch {
        fuzzCheck(error.code == "PGRST100", "select(\(text.debugDescription)) encodes with \(error)")
        return
    }
    let queryItems = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    let sent = queryItems.first { $0.name == "select" }?.value
    fuzzCheck(
        sent.flatMap { try? SelectedColumn.list($0) } == items,
        "select(\(text.debugDescription)) = \(items) is sent as select=\(sent.debugDescription) in \(request.url)")
}
