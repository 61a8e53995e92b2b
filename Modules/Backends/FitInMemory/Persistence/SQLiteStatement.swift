import CFitSQLite

/// A prepared SQLite statement, reused: bind, step, reset.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private let connection: SQLiteConnection

    init(handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// SQLite copies the bound text before the call returns.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

    /// Binds `values` to the parameters in order (`nil` binds NULL), after resetting the statement.
    func bind(_ values: [String?]) throws(SQLiteError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (index, value) in values.enumerated() {
            let status =
                if let value {
                    sqlite3_bind_text(handle, Int32(index + 1), value, -1, Self.transient)
                } else {
                    sqlite3_bind_null(handle, Int32(index + 1))
                }
            guard status == SQLITE_OK else { throw connection.error(status) }
        }
    }

    /// Runs the statement to its next row: `true` when there is one, `false` when it is done.
    func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let status:
            let error = connection.error(status)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Runs a statement that returns no rows, then resets it.
    func run(_ values: [String?]) throws(SQLiteError) {
        try bind(values)
        _ = try step()
        sqlite3_reset(handle)
    }

    /// The integer in column `index` of the current row.
    func integer(at index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// The text in column `index` of the current row; `nil` for NULL.
    func text(at index: Int32) -> String? {
        guard let characters = sqlite3_column_text(handle, index) else { return nil }
        return String(cString: characters)
    }
}
