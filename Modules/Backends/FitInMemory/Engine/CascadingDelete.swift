import FitCore

/// A delete as PostgreSQL runs it: the rows go, the rows of `ON DELETE CASCADE` keys that refer to them go too (and
/// what refers to those), and only then, at the end of the statement, a `NO ACTION` key that still refers to a deleted
/// row fails the whole delete with `23503`.
enum CascadingDelete {
    /// Deletes the rows at `positions` of `tableName` and what cascades from them, in `tables`.
    ///
    /// - Returns: The deleted rows of each table, `tableName`'s first, then each table a cascade reached in the
    ///   order it reached it; each table's rows in storage order (a cascade that comes back to a table adds its rows
    ///   to that table's).
    /// - Throws: `23503` (``/FitCore/DatabaseError``) naming the first table whose `NO ACTION` key still refers to a
    ///   deleted row; `tables` is then partly changed, so the caller discards it.
    static func delete(
        at positions: [Int], from tableName: String, in tables: inout [String: TableStore]
    ) throws(DatabaseError) -> [(table: String, rows: [[DatabaseValue]])] {
        var deleted: [String: [[DatabaseValue]]] = [:]
        var reached: [String] = []
        // Work items: a table and the rows of it to delete, found when the item is taken so earlier removals count.
        var pending: [(table: String, select: (TableStore) -> [Int])] = [(tableName, { _ in positions })]
        while !pending.isEmpty {
            let (name, select) = pending.removeFirst()
            guard var store = tables[name] else { continue }
            let doomed = select(store)
            guard !doomed.isEmpty else { continue }
            let rows = doomed.map { store.rows[$0] }
            store.remove(at: doomed)
            tables[name] = store
            if deleted[name] == nil { reached.append(name) }
            deleted[name, default: []].append(contentsOf: rows)
            for other in tables.values.sorted(by: { $0.schema.name < $1.schema.name }) {
                for key in other.schema.foreignKeys where key.referencedTable == name && key.onDelete == .cascade {
                    guard let referenced = store.layout.positions[key.referencedColumn],
                        let referring = other.layout.positions[key.column]
                    else { continue }
                    let removed = Set(rows.map { $0[referenced] })
                    pending.append(
                        (
                            other.schema.name,
                            { current in current.rows.indices.filter { removed.contains(current.rows[$0][referring]) } }
                        ))
                }
            }
        }
        try checkNoActionKeys(after: deleted, in: tables)
        return reached.map { ($0, deleted[$0] ?? []) }
    }

    /// Throws when a `NO ACTION` key of a remaining row refers to a deleted one.
    private static func checkNoActionKeys(
        after deleted: [String: [[DatabaseValue]]], in tables: [String: TableStore]
    ) throws(DatabaseError) {
        for (name, rows) in deleted.sorted(by: { $0.key < $1.key }) {
            guard let store = tables[name] else { continue }
            for other in tables.values.sorted(by: { $0.schema.name < $1.schema.name }) {
                for key in other.schema.foreignKeys where key.referencedTable == name && key.onDelete == .noAction {
                    guard let referenced = store.layout.positions[key.referencedColumn],
                        let referring = other.layout.positions[key.column]
                    else { continue }
                    // A value deleted and still present (a key that is not unique) is still referable.
                    let removed = Set(rows.map { $0[referenced] }).filter {
                        !store.contains($0, in: key.referencedColumn)
                    }
                    if other.rows.contains(where: { removed.contains($0[referring]) }) {
                        throw DatabaseError(
                            code: "23503",
                            message:
                                "update or delete on table \"\(TableSchema.unqualified(name))\" violates foreign key constraint \"\(key.name(in: other.schema.name))\" on table \"\(other.schema.name)\""
                        )
                    }
                }
            }
        }
    }
}
