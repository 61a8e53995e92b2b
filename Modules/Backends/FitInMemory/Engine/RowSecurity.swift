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

    /// Throws unless `role` holds the privileges `operation` needs on `table` (the grants): the service role holds
    /// all; members hold the ones an owned table's ``TableSchema/Access`` lists; an upsert needs INSERT, and UPDATE
    /// unless it ignores duplicates.
    static func requireWriteAccess(to table: TableStore, for operation: DatabaseQuery.Operation, role: DatabaseRole)
        throws(DatabaseError)
    {
        let needed: MemberWrites
        switch operation {
        case .insert, .upsert(_, true): needed = .insert
        case .upsert(_, false): needed = [.insert, .update]
        case .update: needed = .update
        case .delete: needed = .delete
        case .select, .rpc: return
        }
        switch (table.schema.access, role) {
        case (_, .service): return
        case (.ownedBy(_, let granted), .member) where granted.isSuperset(of: needed): return
        default: throw DatabaseError.permissionDenied(table: table.schema.name)
        }
    }

    /// Throws unless a row written by `role` belongs to them (the policy's WITH CHECK).
    static func checkNewRow(_ row: [DatabaseValue], in table: TableStore, role: DatabaseRole) throws(DatabaseError) {
        guard case .member = role, !canSee(row, in: table, role: role) else { return }
        throw DatabaseError.rowLevelSecurity(table: table.schema.name)
    }
}
