import FitCore

/// Row-level security for the in-memory backend, matching the policies in `Backend/migrations`.
enum RowSecurity {
    static func visibleRows(of table: TableStore, to role: DatabaseRole) -> [[DatabaseValue]] {
        switch (table.schema.access, role) {
        case (_, .service), (.publicRead, _): return table.rows
        case (.ownedBy, .anonymous): return []
        case (.ownedBy(let column, _), .member(let id)):
            guard let position = table.layout.positions[column] else { return [] }
            let owner = DatabaseValue.uuid(id)
            return table.rows.filter { $0[position] == owner }
        }
    }

    /// Whether `role` may see (and so update or delete) this row.
    static func canSee(_ row: [DatabaseValue], in table: TableStore, role: DatabaseRole) -> Bool {
        switch (table.schema.access, role) {
        case (_, .service), (.publicRead, _): return true
        case (.ownedBy, .anonymous): return false
        case (.ownedBy(let column, _), .member(let id)):
            guard let position = table.layout.positions[column] else { return false }
            return row[position] == .uuid(id)
        }
    }

    /// Throws unless `role` may write to `table` at all.
    static func requireWriteAccess(to table: TableStore, role: DatabaseRole) throws(DatabaseError) {
        switch (table.schema.access, role) {
        case (_, .service), (.ownedBy(_, true), .member): return
        default:
            throw DatabaseError(code: "42501", message: "permission denied for table \(table.schema.name)")
        }
    }

    /// Throws unless a row written by `role` belongs to them (the policy's WITH CHECK).
    static func checkNewRow(_ row: [DatabaseValue], in table: TableStore, role: DatabaseRole) throws(DatabaseError) {
        guard case .member = role, !canSee(row, in: table, role: role) else { return }
        throw DatabaseError.rowLevelSecurity(table: table.schema.name)
    }
}
