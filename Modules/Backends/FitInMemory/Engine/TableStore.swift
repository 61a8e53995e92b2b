import FitCore

/// One table's rows, with the indexes that keep reads and constraint checks from scanning: a hash map per
/// unique constraint (primary key included), and the secondary ``HashIndex`` and ``OrderedIndex`` values of
/// ``TableSchema/indexes``. Every write path goes through `append`, `replace` and `remove`, which keep them
/// all in step; a rolled-back write discards its copy of the table, indexes included.
struct TableStore: Sendable {
    struct UniqueIndex: Sendable {
        let constraint: UniqueConstraint
        let positions: [Int]
        /// Each covered row's key, and the row's position.
        var keys: [[DatabaseValue]: Int] = [:]

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
    private(set) var hashIndexes: [HashIndex] = []
    private(set) var orderedIndexes: [OrderedIndex] = []
    /// Whether writes are journaled: the database persists, and each commit writes the rows in ``journal``.
    private(set) var isJournaled = false
    /// The primary keys of the rows inserted, changed or removed since the journal was last cleared.
    private(set) var journal: Set<[DatabaseValue]> = []
    /// While a commit changes this table in place (``beginUndo()``): how to take back each write, in order.
    private(set) var undoLog: [UndoStep]?

    /// How to take back one write.
    indirect enum UndoStep: Sendable {
        /// Rows were appended: remove this many from the end.
        case appended(Int)
        /// The rows at these positions were replaced: put these back.
        case replaced([Int], [[DatabaseValue]])
        /// Rows were removed: the table as it was before.
        case before(TableStore)
    }

    init(schema: TableSchema) throws(DatabaseError) {
        self.schema = schema
        self.layout = ColumnLayout(source: schema.name, columns: schema.columns)
        let primary = UniqueConstraint(
            name: "\(TableSchema.unqualified(schema.name))_pkey", columns: schema.primaryKey)
        var indexes: [UniqueIndex] = []
        for constraint in [primary] + schema.uniqueConstraints {
            var positions: [Int] = []
            for column in constraint.columns { positions.append(try layout.position(of: column)) }
            indexes.append(UniqueIndex(constraint: constraint, positions: positions))
        }
        self.uniqueIndexes = indexes

        var ordered: [Int] = []
        for index in schema.indexes where index.kind == .ordered {
            let position = try layout.position(of: index.column)
            if !ordered.contains(position) { ordered.append(position) }
        }
        var hashed: [Int] = []
        var implicit = schema.foreignKeys.map(\.column)
        if case .ownedBy(let owner, _) = schema.access { implicit.append(owner) }
        for index in schema.indexes where index.kind == .hash {
            let position = try layout.position(of: index.column)
            guard Self.hashableTypes.contains(layout.columns[position].type) else {
                throw DatabaseError(
                    code: "0A000",
                    message:
                        "the in-memory database has no hash index for \(layout.columns[position].type.rawValue) columns (\(schema.name).\(index.column)); declare an ordered index"
                )
            }
            if !hashed.contains(position) { hashed.append(position) }
        }
        for column in implicit {
            let position = try layout.position(of: column)
            if !hashed.contains(position), !ordered.contains(position),
                Self.hashableTypes.contains(layout.columns[position].type)
            {
                hashed.append(position)
            }
        }
        hashIndexes = hashed.map { HashIndex(column: $0, rows: []) }
        orderedIndexes = ordered.map { OrderedIndex(column: $0, rows: []) }
    }

    /// Column types whose equality and hashing agree exactly, so a hash lookup finds every equal row.
    private static let hashableTypes: Set<ColumnType> = [.uuid, .text, .integer, .boolean, .timestamp, .date]

    /// Whether some row has `value` in `column` (foreign-key checks; uses an index when it can).
    func contains(_ value: DatabaseValue, in column: String) -> Bool {
        if let primary = uniqueIndexes.first, primary.positions.count == 1,
            layout.columns[primary.positions[0]].name == column
        {
            return primary.keys[[value]] != nil
        }
        guard let position = layout.positions[column] else { return false }
        if let index = hashIndexes.first(where: { $0.column == position }) { return index.count(of: value) > 0 }
        return rows.contains { $0[position] == value }
    }

    /// The rows whose `column` holds one of `values`, ascending by position; `nil` when no index covers it.
    func positions(where column: Int, isOneOf values: Set<DatabaseValue>) -> [Int]? {
        if let index = hashIndexes.first(where: { $0.column == column }) {
            let found = values.flatMap { index.positions(of: $0) }
            return values.count > 1 ? found.sorted() : found
        }
        return nil
    }

    /// The position of the row whose `columns` hold `key`, found through a unique index over exactly those
    /// columns; `.some(nil)` when no row does, `nil` when no such index exists.
    func position(ofKey key: [DatabaseValue], columns: [Int]) -> Int?? {
        guard let index = uniqueIndexes.first(where: { $0.positions == columns && $0.constraint.predicate == nil })
        else { return nil }
        if key.contains(.null) { return .some(nil) }
        return .some(index.keys[key])
    }

    /// The positions of the primary key's columns.
    var primaryKeyPositions: [Int] { uniqueIndexes[0].positions }

    /// The primary key of `row`.
    func primaryKey(of row: [DatabaseValue]) -> [DatabaseValue] {
        uniqueIndexes[0].positions.map { row[$0] }
    }

    /// Journals every write from now on, starting with an empty journal (the rows so far are in the file).
    mutating func startJournal() {
        isJournaled = true
        journal = []
    }

    /// Empties the journal once its rows are in the file.
    mutating func clearJournal() {
        journal.removeAll(keepingCapacity: true)
    }

    /// Records from now on how to take back each write, so a commit can change the table in place (no copy) and still
    /// roll back.
    mutating func beginUndo() {
        undoLog = []
    }

    /// Stops recording: the commit's writes stay.
    mutating func endUndo() {
        undoLog = nil
    }

    /// Takes back every write since ``beginUndo()``, newest first, and empties the journal (the commit failed, and
    /// journals are empty between commits); then stops recording.
    mutating func rollBack() {
        guard let steps = undoLog else { return }
        undoLog = nil
        for step in steps.reversed() {
            switch step {
            case .appended(let count):
                remove(at: Array(rows.count - count..<rows.count))
            case .replaced(let positions, let old):
                // The rows that were there fit the table as it was; putting them back cannot fail.
                try? replace(at: positions, with: old)
            case .before(let table):
                self = table
            }
        }
        undoLog = nil
        journal.removeAll(keepingCapacity: true)
    }

    /// Appends rows, checking uniqueness against the table and each other; on error nothing changes.
    mutating func append(_ newRows: [[DatabaseValue]]) throws(DatabaseError) {
        // Checked first and changed in place after: a copy of the indexes would cost O(rows) per write.
        var batch = [Set<[DatabaseValue]>](repeating: [], count: uniqueIndexes.count)
        for row in newRows {
            for i in uniqueIndexes.indices {
                guard let key = uniqueIndexes[i].key(of: row, layout: layout) else { continue }
                guard uniqueIndexes[i].keys[key] == nil, batch[i].insert(key).inserted else {
                    throw duplicate(uniqueIndexes[i], key)
                }
            }
        }
        for i in uniqueIndexes.indices {
            for (offset, row) in newRows.enumerated() {
                guard let key = uniqueIndexes[i].key(of: row, layout: layout) else { continue }
                uniqueIndexes[i].keys[key] = rows.count + offset
            }
        }
        for i in hashIndexes.indices {
            for (offset, row) in newRows.enumerated() { hashIndexes[i].appended(row, at: rows.count + offset) }
        }
        for i in orderedIndexes.indices { orderedIndexes[i].appended(newRows, from: rows.count) }
        if isJournaled { for row in newRows { journal.insert(primaryKey(of: row)) } }
        undoLog?.append(.appended(newRows.count))
        rows.append(contentsOf: newRows)
    }

    /// Replaces the rows at `positions` with `replacements`, checking uniqueness; on error nothing changes.
    mutating func replace(at positions: [Int], with replacements: [[DatabaseValue]]) throws(DatabaseError) {
        // Checked first and changed in place after (no copy of the indexes): a new key conflicts with a row that is
        // not being replaced, or with another replacement.
        let replaced = Set(positions)
        for i in uniqueIndexes.indices {
            var batch = Set<[DatabaseValue]>()
            for row in replacements {
                guard let key = uniqueIndexes[i].key(of: row, layout: layout) else { continue }
                let holder = uniqueIndexes[i].keys[key]
                guard holder.map(replaced.contains) ?? true, batch.insert(key).inserted else {
                    throw duplicate(uniqueIndexes[i], key)
                }
            }
        }
        for i in uniqueIndexes.indices {
            for position in positions {
                if let key = uniqueIndexes[i].key(of: rows[position], layout: layout) {
                    uniqueIndexes[i].keys[key] = nil
                }
            }
            for (position, row) in zip(positions, replacements) {
                guard let key = uniqueIndexes[i].key(of: row, layout: layout) else { continue }
                uniqueIndexes[i].keys[key] = position
            }
        }
        undoLog?.append(.replaced(positions, positions.map { rows[$0] }))
        for (position, row) in zip(positions, replacements) {
            let old = rows[position]
            for i in hashIndexes.indices { hashIndexes[i].replaced(old, with: row, at: position) }
            for i in orderedIndexes.indices { orderedIndexes[i].replaced(old, with: row, at: position) }
            // A row replaced by an equal one (a replica taking the server's unchanged rows) has nothing to write.
            if isJournaled, old != row {
                journal.insert(primaryKey(of: old))
                journal.insert(primaryKey(of: row))
            }
            rows[position] = row
        }
    }

    /// Removes the rows at `positions` (ascending or not).
    mutating func remove(at positions: [Int]) {
        guard !positions.isEmpty else { return }
        if undoLog != nil {
            // Removal renumbers every row: the undo keeps the table as it was (this write copies it, as removal does).
            var before = self
            before.undoLog = nil
            undoLog?.append(.before(before))
        }
        var renumbering = [Int](repeating: -1, count: rows.count)
        var doomed = [Bool](repeating: false, count: rows.count)
        for position in positions { doomed[position] = true }
        if isJournaled { for position in positions { journal.insert(primaryKey(of: rows[position])) } }
        var kept: [[DatabaseValue]] = []
        kept.reserveCapacity(rows.count - positions.count)
        for (position, row) in rows.enumerated() where !doomed[position] {
            renumbering[position] = kept.count
            kept.append(row)
        }
        for i in uniqueIndexes.indices {
            uniqueIndexes[i].keys = uniqueIndexes[i].keys.compactMapValues {
                renumbering[$0] >= 0 ? renumbering[$0] : nil
            }
        }
        for i in hashIndexes.indices { hashIndexes[i].removed(renumbering: renumbering) }
        for i in orderedIndexes.indices { orderedIndexes[i].removed(renumbering: renumbering) }
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
