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

/// Select-list parsing (`select("id, name")`) on any text: the names it reads are trimmed, non-empty and free of
/// commas; FitSupabase's `select=` parameter reads back as the same names; and the in-memory engine answers with
/// exactly those columns, or `42703` naming one that does not exist.
@_cdecl("LLVMFuzzerTestOneInput")
public func selectListFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = FuzzInput(data, size).text
    let names = TableQueryBuilder.parseColumns(text)
    if let names {
        fuzzCheck(!names.isEmpty && names != ["*"], "\(text.debugDescription) reads as \(names)")
        for name in names {
            fuzzCheck(
                !name.isEmpty && !name.contains(",") && name.trimmingCharacters(in: .whitespaces) == name,
                "\(text.debugDescription) reads a name \(name.debugDescription)")
        }
        checkSelectParameter(names, text: text)
    }

    let result = runBlocking {
        try await database.client(as: .anonymous).from("things").select(text).executeRaw()
    }
    // The request log grows with every request by design; without this, memory grows with every input.
    database.clearRequestLog()
    switch result {
    case .success(let response):
        let rows: [JSONValue]
        do { rows = try JSONDecoder().decode([JSONValue].self, from: response.data) } catch {
            fuzzCheck(false, "select(\(text.debugDescription)) answers unreadable JSON: \(error)")
            return 0
        }
        fuzzCheck(rows.count == 2, "select(\(text.debugDescription)) answers \(rows.count) rows")
        for row in rows {
            guard case .object(let fields) = row else {
                fuzzCheck(false, "select(\(text.debugDescription)) answers a row \(row)")
                return 0
            }
            fuzzCheck(
                Set(fields.keys) == (names.map(Set.init) ?? columns),
                "select(\(text.debugDescription)) answers the columns \(fields.keys.sorted())")
        }
    case .failure(let error):
        guard let error = error as? DatabaseError, error.code == "42703", let names else {
            fuzzCheck(false, "select(\(text.debugDescription)) throws \(error)")
            return 0
        }
        fuzzCheck(
            names.contains { !columns.contains($0) && error.message == "column things.\($0) does not exist" },
            "select(\(text.debugDescription)) throws \(error) for the names \(names)")
    }
    return 0
}

/// What FitSupabase sends as `select=` reads back as the same names (or it refuses with `PGRST100`).
private func checkSelectParameter(_ names: [String], text: String) {
    let query = DatabaseQuery(target: "things", operation: .select, columns: names)
    let request: PostgRESTRequest
    do { request = try encoder.request(for: query, accessToken: nil) } catch {
        fuzzCheck(error.code == "PGRST100", "select(\(text.debugDescription)) encodes with \(error)")
        return
    }
    let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    let sent = items.first { $0.name == "select" }?.value
    fuzzCheck(
        sent.flatMap(TableQueryBuilder.parseColumns) == names,
        "select(\(text.debugDescription)) = \(names) is sent as select=\(sent.debugDescription) in \(request.url)")
}
