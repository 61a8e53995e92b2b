import FitCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where an ``InMemoryDatabase`` keeps its tables between runs: a SQLite database (the system's libsqlite3) with
/// one SQLite row per table row — its table, its primary key as text, the row as JSON — in write-ahead-log mode with
/// `synchronous = FULL`. A commit writes only the rows it changed, in one SQLite transaction that is on disk before
/// the commit becomes visible; a crash leaves every commit before it (SQLite's log recovery).
///
/// A new file is built complete beside its place (`.NAME.creating`) and renamed into it, so a crash never leaves an
/// empty or half-made file; a JSON file from before (``LegacyJSONFile``) is converted the same way, and replaced only
/// once the converted database is complete — its bytes stay beside it (``originalURL(for:)``). A file that is neither — or a SQLite database that is not FitKit's, or
/// damaged — is reported (``PersistenceError/corrupt(_:reason:)``) and never written: its connection does not
/// checkpoint on close until the file has been read whole.
///
/// Every row is read at open (the engine answers from memory); the rows of a table not created yet stay in the file
/// untouched. Used only under the database's lock.
final class PersistenceFile: @unchecked Sendable {
    let url: URL
    private let connection: SQLiteConnection
    private let upsert: SQLiteStatement
    private let delete: SQLiteStatement
    private let setKey: SQLiteStatement
    /// Runs in each save once its rows are written, before it commits: a test's seam (to announce the save, or to
    /// fail it).
    private let beforeCommit: (@Sendable () throws -> Void)?
    /// The rows in the file when it was opened, by table, in the order they were first written.
    let storedRows: [String: [StoredRow]]

    /// `PRAGMA application_id` of a FitKit database: "FitK".
    static let applicationID: Int64 = 0x4669_744B
    /// `PRAGMA user_version`: the layout of the file (1 was the JSON file).
    static let version: Int64 = 2

    /// Opens the database at `url`: creates it when there is no file yet (in a folder that must exist), converts a
    /// JSON file from before, and reads every row.
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - beforeCommit: Runs in each save before it commits; what it throws fails the save.
    /// - Throws: ``PersistenceError/corrupt(_:reason:)`` for a file that is not a FitKit database or is damaged,
    ///   ``PersistenceError/unreadable(_:reason:)`` when it cannot be read or made.
    init(url: URL, beforeCommit: (@Sendable () throws -> Void)? = nil) throws(PersistenceError) {
        self.url = url
        self.beforeCommit = beforeCommit
        Self.removeLeftovers(of: url)
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            let folder = url.deletingLastPathComponent()
            guard FileManager.default.fileExists(atPath: folder.path) else {
                throw .unreadable(url, reason: "the folder \(folder.path) does not exist")
            }
            try Self.create(at: url, holding: [:])
        } else {
            if isDirectory.boolValue { throw .unreadable(url, reason: "it is a folder, not a file") }
            // An empty file is refused before it is read: FitKit never leaves one (a new file is renamed into place
            // complete), and on Linux Foundation's `Data(contentsOf:)` leaks its read buffer for a file of size 0.
            var status = stat()
            if stat(url.path, &status) == 0, status.st_size == 0 {
                throw .corrupt(url, reason: "the file is empty (truncated or damaged)")
            }
            if try !Self.isSQLite(url) {
                try Self.create(at: url, holding: LegacyJSONFile.tables(at: url), keepingOriginal: true)
            }
        }
        do {
            connection = try SQLiteConnection(path: url.path, create: false)
        } catch {
            throw .unreadable(url, reason: error.description)
        }
        connection.checkpointOnClose(false)
        storedRows = try Self.read(connection, url)
        connection.checkpointOnClose(true)
        do {
            try connection.execute("PRAGMA synchronous = FULL; PRAGMA busy_timeout = 10000")
            upsert = try connection.prepare(
                "INSERT INTO fitkit_rows (tbl, key, row) VALUES (?, ?, ?) ON CONFLICT (tbl, key) DO UPDATE SET row = excluded.row"
            )
            delete = try connection.prepare("DELETE FROM fitkit_rows WHERE tbl = ? AND key = ?")
            setKey = try connection.prepare("UPDATE fitkit_rows SET key = ? WHERE rowid = CAST(? AS INTEGER)")
        } catch {
            throw .unreadable(url, reason: error.description)
        }
    }

    /// Writes `writes` in one SQLite transaction, durable when this returns; on failure nothing of them is written.
    ///
    /// - Parameters:
    ///   - writes: The rows written and removed.
    ///   - waitingForDisk: `false` commits with `synchronous = NORMAL`: in write-ahead-log mode the commit then
    ///     survives the process crashing, but a power loss may undo it (never partly).
    /// - Throws: ``PersistenceError/writeFailed(_:reason:)``; the file is as it was.
    func save(_ writes: [RowWrite], waitingForDisk: Bool = true) throws(PersistenceError) {
        guard !writes.isEmpty else { return }
        if !waitingForDisk {
            do {
                try connection.execute("PRAGMA synchronous = NORMAL")
            } catch {
                throw .writeFailed(url, reason: error.description)
            }
        }
        defer { if !waitingForDisk { try? connection.execute("PRAGMA synchronous = FULL") } }
        try inTransaction {
            for write in writes {
                switch write {
                case .upsert(let table, let key, let row): try upsert.run([table, key, row])
                case .delete(let table, let key): try delete.run([table, key])
                }
            }
            try beforeCommit?()
        }
    }

    /// Gives rows converted from a JSON file their primary keys, once their table knows them.
    ///
    /// - Parameter keys: Each row's number and key.
    /// - Throws: ``PersistenceError/writeFailed(_:reason:)``; then no key was written.
    func assignKeys(_ keys: [(number: Int64, key: String)]) throws(PersistenceError) {
        guard !keys.isEmpty else { return }
        try inTransaction {
            for (number, key) in keys { try setKey.run([key, String(number)]) }
        }
    }

    /// Runs `body` in one SQLite transaction: committed when it returns, rolled back when it throws.
    private func inTransaction(_ body: () throws -> Void) throws(PersistenceError) {
        do {
            try connection.execute("BEGIN IMMEDIATE")
            do {
                try body()
                try connection.execute("COMMIT")
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        } catch {
            throw .writeFailed(url, reason: String(describing: error))
        }
    }

    // MARK: Opening

    /// Whether the file starts with SQLite's header.
    private static func isSQLite(_ url: URL) throws(PersistenceError) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            throw .unreadable(url, reason: "the file cannot be opened for reading")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        return header == Data("SQLite format 3\0".utf8)
    }

    /// Every row of the FitKit database open on `connection`, checking first that it is one.
    private static func read(_ connection: SQLiteConnection, _ url: URL) throws(PersistenceError) -> [String:
        [StoredRow]]
    {
        do {
            guard try connection.integer("PRAGMA application_id") == applicationID else {
                throw PersistenceError.corrupt(url, reason: "the file is a SQLite database, but not a FitKit one")
            }
            let version = try connection.integer("PRAGMA user_version")
            guard version == Self.version else {
                throw PersistenceError.corrupt(url, reason: "unsupported version \(version)")
            }
            let select = try connection.prepare("SELECT rowid, tbl, key, row FROM fitkit_rows ORDER BY rowid")
            var tables: [String: [StoredRow]] = [:]
            while try select.step() {
                guard let table = select.text(at: 1), let json = select.text(at: 3) else {
                    throw PersistenceError.corrupt(url, reason: "a row without its table or its JSON")
                }
                tables[table, default: []].append(
                    StoredRow(number: select.integer(at: 0), key: select.text(at: 2), json: json))
            }
            return tables
        } catch let error as PersistenceError {
            throw error
        } catch {
            throw .corrupt(url, reason: "the database cannot be read (truncated or damaged): \(error)")
        }
    }

    /// Builds a complete FitKit database holding `tables`' rows (without keys) beside `url`, then renames it over
    /// `url`: a crash before the rename leaves what was there (the next open removes the leftover), after it the new
    /// database. With `keepingOriginal`, the file at `url` stays as ``originalURL(for:)``, byte for byte.
    private static func create(
        at url: URL, holding tables: [String: JSONValue], keepingOriginal: Bool = false
    ) throws(PersistenceError) {
        let building = Self.buildingURL(for: url)
        do {
            do {
                let connection = try SQLiteConnection(path: building.path, create: true)
                try connection.execute(
                    """
                    PRAGMA journal_mode = WAL;
                    PRAGMA synchronous = FULL;
                    PRAGMA application_id = \(applicationID);
                    PRAGMA user_version = \(version);
                    BEGIN IMMEDIATE;
                    CREATE TABLE fitkit_rows (tbl TEXT NOT NULL, key TEXT, row TEXT NOT NULL, UNIQUE (tbl, key));
                    """)
                let insert = try connection.prepare("INSERT INTO fitkit_rows (tbl, row) VALUES (?, ?)")
                for name in tables.keys.sorted() {
                    guard case .array(let rows)? = tables[name] else {
                        throw PersistenceError.corrupt(url, reason: "table \(name): the rows are not an array")
                    }
                    for row in rows {
                        try insert.run([name, String(decoding: JSONWriter.data(row), as: UTF8.self)])
                    }
                }
                try connection.execute("COMMIT")
            }  // closed: the log is checkpointed into the file and removed
            if keepingOriginal {
                // A second name for the original's bytes, made before the rename replaces the first.
                let original = originalURL(for: url)
                try? FileManager.default.removeItem(at: original)
                if link(url.path, original.path) != 0 { try FileManager.default.copyItem(at: url, to: original) }
            }
            guard rename(building.path, url.path) == 0 else {
                throw PersistenceError.unreadable(url, reason: "renaming the new database failed: errno \(errno)")
            }
            syncFolder(of: url)
        } catch let error as PersistenceError {
            removeLeftovers(of: url)
            throw error
        } catch {
            removeLeftovers(of: url)
            throw .unreadable(url, reason: "the database could not be made: \(error)")
        }
    }

    /// Where the JSON file a database was converted from is kept: `NAME.v1-backup` beside it. FitKit never reads it
    /// again; an app may remove it.
    static func originalURL(for url: URL) -> URL {
        url.appendingPathExtension("v1-backup")
    }

    /// Where a new database is built before it is renamed into place: `.NAME.creating` beside it.
    static func buildingURL(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".creating")
    }

    /// Removes what a killed build left: the half-made database and its SQLite files, and a JSON save's
    /// `.NAME.saving` from before.
    private static func removeLeftovers(of url: URL) {
        let building = buildingURL(for: url).path
        for path in [building, building + "-wal", building + "-shm", building + "-journal"] {
            try? FileManager.default.removeItem(atPath: path)
        }
        let saving = url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".saving")
        try? FileManager.default.removeItem(at: saving)
    }

    /// Makes a rename in the folder of `url` durable.
    private static func syncFolder(of url: URL) {
        let folder = open(url.deletingLastPathComponent().path, O_RDONLY)
        guard folder >= 0 else { return }
        _ = fsync(folder)
        _ = close(folder)
    }
}
