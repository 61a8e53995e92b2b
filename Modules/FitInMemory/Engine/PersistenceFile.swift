import FitCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where an ``InMemoryDatabase`` keeps its tables between runs: one JSON file, replaced atomically
/// (written beside it, then renamed over it), so a crash mid-save leaves the previous file intact.
struct PersistenceFile: Sendable {
    let url: URL
    /// Writes the bytes to the URL atomically. Replaceable in tests to simulate an interrupted save.
    let write: @Sendable (Data, URL) throws -> Void

    static let format = "fitkit-in-memory-database"
    static let version = 1

    init(url: URL, write: @escaping @Sendable (Data, URL) throws -> Void = PersistenceFile.replace) {
        self.url = url
        self.write = write
    }

    /// Where a save writes before it renames over the file: `.NAME.saving` beside it. A process killed mid-save
    /// leaves it behind; it never holds the committed state, and the next ``load()`` removes it.
    static func savingURL(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".saving")
    }

    /// Writes `data` beside `url`, then renames it over `url` (POSIX `rename` replaces atomically): a reader or a
    /// crash sees the old file or the new one, never a mix.
    static func replace(_ data: Data, _ url: URL) throws {
        let saving = savingURL(for: url)
        try data.write(to: saving)
        guard rename(saving.path, url.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: saving)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "rename failed: errno \(code)"])
        }
    }

    /// The tables in the file (table name → array of row objects); empty when there is no file yet. A save's
    /// leftover temporary file (see ``savingURL(for:)``) is removed first.
    func load() throws(PersistenceError) -> [String: JSONValue] {
        try? FileManager.default.removeItem(at: Self.savingURL(for: url))
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            // A file that does not exist yet is created by the first save, in a folder that must exist.
            let folder = url.deletingLastPathComponent()
            guard FileManager.default.fileExists(atPath: folder.path) else {
                throw .unreadable(url, reason: "the folder \(folder.path) does not exist")
            }
            return [:]
        }
        if isDirectory.boolValue { throw .unreadable(url, reason: "it is a folder, not a file") }
        // An empty file is refused before it is read: on Linux, Foundation's `Data(contentsOf:)` leaks its 4 KB
        // read buffer for a file of size 0 (found by fuzzing; Fuzz/README.md).
        var status = stat()
        if stat(url.path, &status) == 0, status.st_size == 0 {
            throw .corrupt(url, reason: "the file is empty (truncated or damaged)")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw .unreadable(url, reason: error.localizedDescription) }
        guard let document = try? JSONValue(json: data) else {
            throw .corrupt(url, reason: "the file is not valid JSON (truncated or damaged)")
        }
        guard document["format"] == .string(Self.format) else {
            throw .corrupt(url, reason: "the file is not a FitKit database (missing \"format\": \"\(Self.format)\")")
        }
        guard document["version"] == .number(Decimal(Self.version)) else {
            throw .corrupt(url, reason: "unsupported version \(document["version"].map { "\($0)" } ?? "none")")
        }
        guard case .object(let tables)? = document["tables"] else {
            throw .corrupt(url, reason: "\"tables\" is missing or not an object")
        }
        return tables
    }

    func save(tables: [String: JSONValue]) throws(PersistenceError) {
        let document: JSONValue = .object([
            "format": .string(Self.format), "version": .number(Decimal(Self.version)), "tables": .object(tables),
        ])
        do { try write(JSONWriter.data(document), url) } catch {
            throw .writeFailed(url, reason: String(describing: error))
        }
    }
}

/// A problem with an in-memory database's file. The file is never modified when one is reported.
public enum PersistenceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file exists but is not a readable FitKit database; it was left as it is.
    case corrupt(URL, reason: String)
    /// The file could not be read.
    case unreadable(URL, reason: String)
    /// Saving failed; the previous file and the in-memory data are unchanged.
    case writeFailed(URL, reason: String)

    /// A sentence with the file's path and the reason, saying that the file (or the data) was left unchanged.
    public var description: String {
        switch self {
        case .corrupt(let url, let reason): "The database file \(url.path) is corrupt and was left untouched: \(reason)"
        case .unreadable(let url, let reason): "The database file \(url.path) could not be read: \(reason)"
        case .writeFailed(let url, let reason):
            "Saving the database to \(url.path) failed; nothing was changed: \(reason)"
        }
    }
}
