// fit-crash-writer PATH: appends numbered rows to the `log` table of a persisted in-memory database at PATH,
// one committed insert at a time, until it is killed. Before each insert it prints `begin N`; when the insert's
// save has written its row and is about to commit its SQLite transaction it prints `saving`; once the insert has returned (row N is in the file) it prints
// `N`. It continues after the highest number already in the file. Built for tests only (it reaches the database's
// internal file writer, in debug builds, to announce the save).
import FitCore
import FitKitTestSupport
import Foundation

#if DEBUG
    @testable import FitInMemory
#else
    import FitInMemory
#endif

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: fit-crash-writer PATH\n".utf8))
    exit(64)
}
do {
    let url = URL(fileURLWithPath: arguments[1])
    #if DEBUG
        let database = try InMemoryDatabase(
            now: { Date() },
            file: PersistenceFile(url: url) {
                FileHandle.standardOutput.write(Data("saving\n".utf8))
            })
    #else
        // A release build cannot reach the internal writer: no `saving` lines.
        let database = try InMemoryDatabase(persistingTo: url)
    #endif
    try database.createTable(CrashLog.schema)
    let client = database.client(as: .service)
    let existing: [CrashLogRow] = try await client.from("log").select("id").order("id", ascending: false).limit(1)
        .execute().value
    var next = (existing.first?.id ?? 0) + 1
    let payload = String(repeating: "x", count: 512)
    while true {
        FileHandle.standardOutput.write(Data("begin \(next)\n".utf8))
        try await client.from("log").insert(["id": .number(Decimal(next)), "payload": .string(payload)] as JSONValue)
            .execute()
        FileHandle.standardOutput.write(Data("\(next)\n".utf8))
        next += 1
    }
} catch {
    FileHandle.standardError.write(Data("fit-crash-writer: \(error)\n".utf8))
    exit(1)
}

/// A row of the writer's table, by number.
struct CrashLogRow: Decodable, Sendable {
    var id: Int
}
