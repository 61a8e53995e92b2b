import CFitSQLite

/// One connection to a SQLite database file, through SQLite's C API. Not thread-safe by itself: its owner
/// (``PersistenceFile``) uses it only under the in-memory database's lock.
final class SQLiteConnection: @unchecked Sendable {
    let handle: OpaquePointer

    /// Opens the file at `path`, creating it when `create` is set.
    init(path: String, create: Bool) throws(SQLiteError) {
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &opened, flags, nil)
        guard status == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(opened)
            throw SQLiteError(code: status, message: message)
        }
        handle = opened
        sqlite3_extended_result_codes(opened, 1)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs `sql` (one or more statements without parameters).
    func execute(_ sql: String) throws(SQLiteError) {
        let status = sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw error(status) }
    }

    /// A prepared statement of `sql`.
    func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else { throw error(status) }
        return SQLiteStatement(handle: statement, connection: self)
    }

    /// The first column of the first row of `sql`, as an integer (pragmas).
    func integer(_ sql: String) throws(SQLiteError) -> Int64 {
        let statement = try prepare(sql)
        guard try statement.step() else { throw SQLiteError(code: SQLITE_MISUSE, message: "\(sql) returned no row") }
        return statement.integer(at: 0)
    }

    /// Whether closing checkpoints the write-ahead log into the file (SQLite's default).
    func checkpointOnClose(_ on: Bool) {
        _ = fitkit_sqlite3_checkpoint_on_close(handle, on ? 1 : 0)
    }

    /// The error for `status`, with the connection's message.
    func error(_ status: Int32) -> SQLiteError {
        SQLiteError(code: status, message: String(cString: sqlite3_errmsg(handle)))
    }
}
