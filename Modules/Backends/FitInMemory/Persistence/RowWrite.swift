import FitCore

/// One row a commit writes to a ``PersistenceFile``: the row as it now is, or its removal.
enum RowWrite: Sendable {
    /// The row of `table` with primary key `key` is now `row` (a JSON object), inserted or replaced.
    case upsert(table: String, key: String, row: String)
    /// The row of `table` with primary key `key` is gone.
    case delete(table: String, key: String)

    /// How the file names a primary key: its values as a JSON array.
    static func keyText(_ key: [DatabaseValue]) -> String {
        String(decoding: JSONWriter.data(.array(key.map(\.json))), as: UTF8.self)
    }
}
