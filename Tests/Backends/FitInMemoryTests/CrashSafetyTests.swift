import ChildProcesses
import FitCore
import FitInMemory
import FitKitTestSupport
import Foundation
import Testing

/// A process writing through a persisted in-memory database, killed with SIGKILL at 200 moments: the file always
/// loads, holds exactly the rows committed before the kill (and at most the one being written), and whatever a
/// killed process left beside it does not stop the next start.
/// A stalled spawn fails within the time limit instead of holding the run.
@Suite(.timeLimit(.minutes(10))) struct CrashSafetyTests {
    /// `fit-crash-writer`, built beside the test bundle (`swift build --build-tests` builds every target).
    static var writer: URL? { ChildProcess.builtBesideTests("fit-crash-writer") }

    /// Where in the writer's loop a kill lands.
    enum Moment: CaseIterable {
        /// Just after it reported a row committed.
        case afterACommit
        /// Just after it began an insert.
        case duringAnInsert
        /// Just after the insert's save began writing the file.
        case duringASave
    }

    /// Reads the writer's output until it has reported `count` more rows committed and then reached `moment`.
    /// Returns the last row number it reported committed and what it had printed beyond that moment, or `nil` if it
    /// exited first.
    static func read(_ count: Int, until moment: Moment, from handle: FileHandle, after committed: Int) -> (
        last: Int, unread: String
    )? {
        var buffer = ""
        var last = committed
        var seen = 0
        while true {
            let data = handle.availableData
            if data.isEmpty { return nil }
            buffer += String(decoding: data, as: UTF8.self)
            while let newline = buffer.firstIndex(of: "\n") {
                let line = buffer[..<newline]
                buffer.removeSubrange(...newline)
                if let number = Int(line) {
                    last = number
                    seen += 1
                    if seen >= count, moment == .afterACommit { return (last, buffer) }
                } else if seen >= count {
                    if line.hasPrefix("begin "), moment == .duringAnInsert { return (last, buffer) }
                    if line == "saving", moment == .duringASave { return (last, buffer) }
                }
            }
        }
    }

    /// The last row number among `output`'s lines, or `last` when it reports none: what the writer printed
    /// committed between the moment the test chose and the kill taking effect.
    static func lastCommitted(in output: String, after last: Int) -> Int {
        output.split(separator: "\n").compactMap { Int($0) }.last ?? last
    }

    /// Where the killed writers keep their database: a kill tests the process dying, not the disk, so where the
    /// system has a memory-backed folder (`/dev/shm`; a file there outlives its process, and `fsync` costs nothing) the
    /// 200 rounds are not paced by a busy disk's `fsync`; elsewhere the temporary folder.
    static var memoryBackedFolder: URL {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isDirectory), isDirectory.boolValue,
            FileManager.default.isWritableFile(atPath: "/dev/shm")
        {
            return URL(fileURLWithPath: "/dev/shm")
        }
        return FileManager.default.temporaryDirectory
    }

    @Test func aWriterKilledAtTwoHundredMomentsLeavesTheCommittedPrefix() async throws {
        let writer = try #require(Self.writer, "fit-crash-writer is not built beside the tests")
        let directory = Self.memoryBackedFolder.appendingPathComponent("crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("database.json")

        var state: UInt64 = 0xC0FFEE
        var confirmed = 0
        var killedMidWrite = 0
        var moments: [Moment: Int] = [:]
        for round in 0..<200 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let moment = Moment.allCases[Int(state >> 33) % Moment.allCases.count]
            moments[moment, default: 0] += 1
            let count = 1 + Int(state >> 62)
            let run = try await ChildProcess.runUntilKilled(writer, arguments: [file.path]) { [confirmed] output in
                Self.read(count, until: moment, from: output, after: confirmed)
            }
            let reported = try #require(run.watched, "kill \(round): the writer stopped before printing: \(run.errors)")
            // The writer runs on until the kill lands: rows it reported committed meanwhile count too.
            let last = Self.lastCommitted(in: reported.unread + run.laterOutput, after: reported.last)
            #expect(last > confirmed, "kill \(round): the writer continued after \(confirmed)")

            let database = try InMemoryDatabase(persistingTo: file)
            try database.createTable(CrashLog.schema)
            let rows: [JSONValue] = try await database.client(as: .service).from("log").select("id").order("id")
                .execute().value
            let ids = rows.compactMap { row -> Int? in
                guard case .number(let number)? = row["id"] else { return nil }
                return Int("\(number)")
            }
            #expect(ids == Array(1..<(ids.count + 1)), "kill \(round): the file holds a prefix, with no gap or repeat")
            #expect(ids.count >= last, "kill \(round): every printed (committed) row is in the file")
            #expect(ids.count <= last + 1, "kill \(round): at most the row being written when killed")
            if ids.count == last + 1 { killedMidWrite += 1 }
            confirmed = ids.count
        }
        #expect(confirmed >= 200)
        print(
            "crash safety: kills after a commit \(moments[.afterACommit] ?? 0), inside an insert \(moments[.duringAnInsert] ?? 0), inside a save \(moments[.duringASave] ?? 0); \(killedMidWrite) landed after a commit and before its report"
        )
        #expect(Moment.allCases.allSatisfy { (moments[$0] ?? 0) >= 40 })
        // The last database closed cleanly: its write-ahead log was checkpointed and removed, nothing but the
        // database remains.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [file.lastPathComponent])
    }

    @Test func aStartRemovesWhatAKilledBuildLeftAndLoadsTheCommittedFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("leftover-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("database.json")
        let first = try InMemoryDatabase(persistingTo: file)
        try first.createTable(CrashLog.schema)
        try await first.client(as: .service).from("log").insert(["id": 1, "payload": "kept"] as JSONValue).execute()
        // What a process killed while building a new database leaves (a half-made database and its log), and what a
        // JSON save of an earlier FitKit killed before its rename left.
        let leftovers = [".database.json.creating", ".database.json.creating-wal", ".database.json.saving"]
        for name in leftovers {
            try Data("SQLite format 3\0half".utf8).write(to: directory.appendingPathComponent(name))
        }

        let second = try InMemoryDatabase(persistingTo: file)
        try second.createTable(CrashLog.schema)
        let rows: [JSONValue] = try await second.client(as: .service).from("log").select("id, payload").execute().value
        #expect(rows == [["id": 1, "payload": "kept"]])
        for name in leftovers {
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path), "\(name)")
        }
    }
}
