import FitCore

/// One table's rows, plus a hash set per unique constraint (primary key included) so that inserts check
/// uniqueness in constant time.
struct TableStore: Sendable {
    struct UniqueIndex: Sendable {
        let constraint: UniqueConstraint
        let positions: [Int]
        var keys: Set<[DatabaseValue]> = []

        /// The row's key, or `nil` when the index does not cover the row (NULL in a key column, or outside
        /// a partial index's predicate): such rows never conflict.
        func key(of row: [DatabaseValue], layout: ColumnLayout) -> [DatabaseValue]? {
            let key = positions.map { row[$0] }
            if key.contains(.null) { return nil }
            if let predicate = constraint.predicate, !predicate(Record(layout: layout, values: row)) { return nil }
            return key
        }
    }

    let schema: TableSchema
    let layout: ColumnLayout
    private(set) var rows: [[DatabaseValue]] = []
    private(set) var uniqueIndexes: [UniqueIndex]

    init(schema: TableSchema) throws(DatabaseError) {
        self.schema = schema
        self.layout = ColumnLayout(source: schema.name, columns: schema.columns)
        let primary = UniqueConstraint(name: "\(schema.name)_pkey", columns: schema.primaryKey)
        var indexes: [UniqueIndex] = []
        for constraint in [primary] + schema.uniqueConstraints {
            var positions: [Int] = []
            for column in constraint.columns { positions.append(try layout.position(of: column)) }
            indexes.append(UniqueIndex(constraint: constraint, positions: positions))
        }
        self.uniqueIndexes = indexes
    }

    /// Whether some row has `value` in `column` (foreign-key checks; uses the primary key's index when it can).
    func contains(_ value: DatabaseValue, in column: String) -> Bool {
        if let primary = uniqueIndexes.first, primary.positions.count == 1,
            layout.columns[primary.positions[0]].name == column
        {
            return primary.keys.contains([value])
        }
        guard let position = layout.positions[column] else { return false }
        return rows.contains { $0[position] == value }
    }

    /// Appends rows, checking uniqueness against the table and each other; on error nothing changes.
    mutating func append(_ newRows: [[DatabaseValue]]) throws(DatabaseError) {
        var indexes = uniqueIndexes
        for row in newRows {
            for i in indexes.indices {
                guard let key = indexes[i].key(of: row, layout: layout) else { continue }
                guard indexes[i].keys.insert(key).inserted else { throw duplicate(indexes[i], key) }
            }
        }
        uniqueIndexes = indexes
        rows.append(contentsOf: newRows)
    }

    /// Replaces the rows at `positions` with `replacements`, checking uniqueness; on error nothing changes.
    mutating func replace(at positions: [Int], with replacements: [[DatabaseValue]]) throws(DatabaseError) {
        var indexes = uniqueIndexes
        for i in indexes.indices {
            for position in positions {
                if let key = indexes[i].key(of: rows[position], layout: layout) { indexes[i].keys.remove(key) }
            }
            for row in replacements {
                guard let key = indexes[i].key(of: row, layout: layout) else { continue }
                guard indexes[i].keys.insert(key).inserted else { throw duplicate(indexes[i], key) }
            }
        }
        uniqueIndexes = indexes
        for (position, row) in zip(positions, replacements) { rows[position] = row }
    }

    /// Removes the rows at `positions` (ascending or not).
    mutating func remove(at positions: [Int]) {
        let doomed = Set(positions)
        for i in uniqueIndexes.indices {
            for position in doomed {
                if let key = uniqueIndexes[i].key(of: rows[position], layout: layout) {
                    uniqueIndexes[i].keys.remove(key)
                }
            }
        }
        var kept: [[DatabaseValue]] = []
        kept.reserveCapacity(rows.count - doomed.count)
        for (position, row) in rows.enumerated() where !doomed.contains(position) { kept.append(row) }
        rows = kept
    }

    private func duplicate(_ index: UniqueIndex, _ key: [DatabaseValue]) -> DatabaseError {
        let columns = index.constraint.columns.joined(separator: ", ")
        let values = key.map { value -> String in
            if case .string(let text) = value.json { return text }
            return String(decoding: JSONWriter.data(value.json), as: UTF8.self)
        }.joined(separator: ", ")
        return .uniqueViolation(
            constraint: index.constraint.name, details: "Key (\(columns))=(\(values)) already exists.")
    }
}
