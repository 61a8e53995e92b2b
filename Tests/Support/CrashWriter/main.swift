// fit-crash-writer PATH: appends numbered rows to the `log` table of a persisted in-memory database at PATH,
// one committed insert at a time, printing each row's number once its insert has returned (so it is in the
// file), until it is killed. It continues after the highest number already in the file.
import FitCore
import FitInMemory
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: fit-crash-writer PATH\n".utf8))
    exit(64)
}
do {
    let database = try InMemoryDatabase(persistingTo: URL(fileURLWithPath: arguments[1]))
    try database.createTable(CrashLog.schema)
    let client = database.client(as: .service)
    let existing: [CrashLog.Row] = try await client.from("log").select("id").order("id", ascending: false).limit(1)
        .execute().value
    var next = (existing.first?.id ?? 0) + 1
    let payload = String(repeating: "x", count: 512)
    while true {
        try await client.from("log").insert(["id": .number(Decimal(next)), "payload": .string(payload)] as JSONValue)
            .execute()
        FileHandle.standardOutput.write(Data("\(next)\n".utf8))
        next += 1
    }
} catch {
    FileHandle.standardError.write(Data("fit-crash-writer: \(error)\n".utf8))
    exit(1)
}

/// The table the writer appends to.
enum CrashLog {
    struct Row: Decodable, Sendable {
        var id: Int
    }

    static let schema = TableSchema(
        name: "log", columns: [Column("id", .integer), Column("payload", .text)], access: .publicRead)
}
