import FitCore

/// What a commit writes to the file: the rows its journals name.
extension Storage {
    /// The rows written since the journals were last cleared, each as it now is (or its removal), table by table.
    func journaledWrites() -> [RowWrite] {
        var writes: [RowWrite] = []
        for name in tables.keys.sorted() {
            guard let table = tables[name], !table.journal.isEmpty else { continue }
            let columns = table.primaryKeyPositions
            var present: [(position: Int, key: String)] = []
            for key in table.journal {
                if case .some(.some(let position)) = table.position(ofKey: key, columns: columns) {
                    present.append((position, RowWrite.keyText(key)))
                } else {
                    writes.append(.delete(table: name, key: RowWrite.keyText(key)))
                }
            }
            // In the table's order, so new rows take their places in the file in the order they were written.
            let order = RowWrite.sortedPositions(of: table.layout.columns)
            for (position, key) in present.sorted(by: { $0.position < $1.position }) {
                writes.append(
                    .upsert(
                        table: name, key: key,
                        row: RowWrite.rowText(
                            table.rows[position], columns: table.layout.columns, sortedPositions: order)))
            }
        }
        return writes
    }

    /// Empties every journal: its rows are in the file.
    mutating func clearJournals() {
        for name in tables.keys where tables[name]?.journal.isEmpty == false { tables[name]?.clearJournal() }
    }
}
