/// A row as a ``PersistenceFile`` keeps it.
struct StoredRow: Sendable {
    /// Its place in the file (SQLite's `rowid`): rows load in the order they were first written.
    var number: Int64
    /// Its primary key as text (``RowWrite/keyText(_:)``); `nil` for a row converted from a JSON file until its
    /// table is created.
    var key: String?
    /// The row, a JSON object.
    var json: String
}
