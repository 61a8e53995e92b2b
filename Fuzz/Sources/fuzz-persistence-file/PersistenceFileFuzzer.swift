import FitContract
import FitCore
import FitInMemory
import Foundation
import FuzzSupport

/// The file each input is written to, in a directory of this process's own.
private let file: URL = {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("fitkit-fuzz-persistence-\(ProcessInfo.processInfo.processIdentifier)")
    try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent("db.json")
}()
private let backupFile = file.appendingPathExtension("v1-backup")
private let buildingFile = file.deletingLastPathComponent().appendingPathComponent(".db.json.creating")
private let now = Date(timeIntervalSince1970: 1_780_000_000)
private let noStudio = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!

/// The persistence-file loader on any bytes, through `InMemoryDatabase.embedded(persistingTo:)` as an app opens its
/// file. A file it refuses is `PersistenceError.corrupt`, its bytes kept (left in place, or — a JSON file of an
/// earlier FitKit whose rows a table refuses, converted — beside it as `NAME.v1-backup`); a file it accepts opens
/// again after a commit, and a commit that changes nothing leaves the file as it was.
@_cdecl("LLVMFuzzerTestOneInput")
public func persistenceFileFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Data(FuzzInput(data, size).bytes)
    for leftover in [
        file, backupFile, URL(fileURLWithPath: file.path + "-wal"), URL(fileURLWithPath: file.path + "-shm"),
    ] {
        try? FileManager.default.removeItem(at: leftover)
    }
    try! bytes.write(to: file)

    let database: InMemoryDatabase
    do {
        database = try InMemoryDatabase.embedded(now: { now }, persistingTo: file)
    } catch {
        guard case .corrupt? = error as? PersistenceError else {
            fuzzCheck(false, "opening \(bytes.count) bytes throws \(error)")
            return 0
        }
        let kept = FileManager.default.fileExists(atPath: backupFile.path) ? backupFile : file
        fuzzCheck(contents(of: kept) == bytes, "a corrupt file's bytes were not kept: \(error)")
        fuzzCheck(!FileManager.default.fileExists(atPath: buildingFile.path), "a corrupt file left \(buildingFile)")
        return 0
    }
    guard commit(database, "the first open") else { return 0 }
    let saved = contents(of: file)
    do {
        let reopened = try InMemoryDatabase.embedded(now: { now }, persistingTo: file)
        guard commit(reopened, "the reopened file") else { return 0 }
        fuzzCheck(contents(of: file) == saved, "a commit that changes nothing changed the file")
    } catch {
        fuzzCheck(false, "the file FitKit saved does not open: \(error)")
    }
    return 0
}

/// Commits a write that changes nothing; `false` when it throws.
private func commit(_ database: InMemoryDatabase, _ what: String) -> Bool {
    let result = runBlocking {
        try await database.client(as: .service).from("studios").delete().eq("id", value: noStudio)
            .execute()
    }
    if case .failure(let error) = result {
        fuzzCheck(false, "a commit after \(what) throws \(error)")
        return false
    }
    return true
}

/// The file's bytes. Not `Data(contentsOf:)`, which on Linux leaks its buffer for an empty file.
private func contents(of url: URL) -> Data {
    let handle = try! FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    return try! handle.readToEnd() ?? Data()
}
