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
private let savingFile = file.deletingLastPathComponent().appendingPathComponent(".db.json.saving")
private let now = Date(timeIntervalSince1970: 1_780_000_000)
private let noStudio = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!

/// The persistence-file loader on any bytes, through `InMemoryDatabase.embedded(persistingTo:)` as an app opens its
/// file. A file it refuses is `PersistenceError.corrupt` and left byte for byte; a file it accepts is saved on the
/// next commit in a form that opens again and saves to the very same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func persistenceFileFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Data(FuzzInput(data, size).bytes)
    try! bytes.write(to: file)

    let database: InMemoryDatabase
    do {
        database = try InMemoryDatabase.embedded(now: { now }, persistingTo: file)
    } catch {
        guard case .corrupt? = error as? PersistenceError else {
            fuzzCheck(false, "opening \(bytes.count) bytes throws \(error)")
            return 0
        }
        fuzzCheck(contents(of: file) == bytes, "a corrupt file was changed: \(error)")
        fuzzCheck(!FileManager.default.fileExists(atPath: savingFile.path), "a corrupt file left \(savingFile)")
        return 0
    }
    guard let saved = commitAndRead(database, "the first open") else { return 0 }
    do {
        let reopened = try InMemoryDatabase.embedded(now: { now }, persistingTo: file)
        guard let savedAgain = commitAndRead(reopened, "the reopened file") else { return 0 }
        fuzzCheck(
            savedAgain == saved,
            "saving a reopened file changes it:\n\(String(decoding: saved, as: UTF8.self))\n"
                + "\(String(decoding: savedAgain, as: UTF8.self))")
    } catch {
        fuzzCheck(false, "the file FitKit saved does not open: \(error)\n\(String(decoding: saved, as: UTF8.self))")
    }
    return 0
}

/// Commits a write that changes nothing (so the database saves its file) and returns the saved bytes.
private func commitAndRead(_ database: InMemoryDatabase, _ what: String) -> Data? {
    let result = runBlocking {
        try await database.client(as: .service).from("studios").delete().eq("id", value: noStudio)
            .execute()
    }
    if case .failure(let error) = result {
        fuzzCheck(false, "a commit after \(what) throws \(error)")
        return nil
    }
    return contents(of: file)
}

/// The file's bytes. Not `Data(contentsOf:)`, which on Linux leaks its buffer for an empty file.
private func contents(of url: URL) -> Data {
    let handle = try! FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    return try! handle.readToEnd() ?? Data()
}
