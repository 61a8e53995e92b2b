import FitCore

/// One row a commit writes to a ``PersistenceFile``: the row as it now is, or its removal.
enum RowWrite: Sendable {
    /// The row of `table` with primary key `key` is now `row` (a JSON object), inserted or replaced.
    case upsert(table: String, key: String, row: String)
    /// The row of `table` with primary key `key` is gone.
    case delete(table: String, key: String)

    /// How the file names a primary key: its values as a JSON array.
    static func keyText(_ key: [DatabaseValue]) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, value) in key.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            value.writeJSON(into: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// How the file holds a row: a JSON object of every column, keys in sorted order, exactly as `JSONWriter` writes
    /// the row's ``Record/json``.
    ///
    /// - Parameters:
    ///   - values: The row's values, one per column.
    ///   - columns: The table's columns.
    ///   - sortedPositions: The columns' positions in the order of their names (``sortedPositions(of:)``).
    /// - Returns: The JSON text.
    static func rowText(_ values: [DatabaseValue], columns: [Column], sortedPositions: [Int]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 24)
        DatabaseValue.writeObject(values, names: { columns[$0].name }, positions: sortedPositions, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The positions of `columns` in the order of their names, for ``rowText(_:columns:sortedPositions:)``.
    ///
    /// - Parameter columns: The table's columns.
    /// - Returns: The positions.
    static func sortedPositions(of columns: [Column]) -> [Int] {
        columns.indices.sorted { columns[$0].name < columns[$1].name }
    }
}
