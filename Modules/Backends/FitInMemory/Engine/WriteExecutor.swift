import FitCore
import Foundation

/// Runs insert, upsert, update and delete as PostgREST does, under row-level security. Each query is
/// all-or-nothing: rows are built and checked first and the table is replaced only when every row passes.
extension Storage {
    mutating func write(_ query: DatabaseQuery, role: DatabaseRole, now: Date) throws -> RawResponse {
        // Taken out while it is written, so the only reference is this one (no copy of a table lent for in-place
        // change); put back whatever happens — a failed write's commit is rolled back or discarded by its caller.
        guard var table = tables.removeValue(forKey: query.target) else {
            if views[query.target] != nil {
                throw DatabaseError(code: "55000", message: "cannot change view \"\(query.target)\"")
            }
            throw DatabaseError.unknownTable(query.target)
        }
        defer { tables[query.target] = table }
        return try write(query, to: &table, role: role, now: now)
    }

    private mutating func write(
        _ query: DatabaseQuery, to table: inout TableStore, role: DatabaseRole, now: Date
    ) throws -> RawResponse {
        try RowSecurity.requireWriteAccess(to: table, for: query.operation, role: role)
        // Validate the response shape before changing anything.
        let projection = try Projection(query.columns, layout: table.layout)
        let written: [[DatabaseValue]]
        switch query.operation {
        case .insert:
            let (rows, _) = try Self.writtenRows(query, for: table)
            written = try insert(rows, into: &table, role: role, now: now)
        case .upsert(let onConflict, let ignoreDuplicates):
            let (rows, columns) = try Self.writtenRows(query, for: table)
            written = try upsert(
                rows, columns: columns, into: &table, conflict: onConflict ?? table.schema.primaryKey,
                ignoreDuplicates: ignoreDuplicates, role: role, now: now)
        case .update:
            written = try update(query, table: &table, role: role)
        case .delete:
            written = try delete(query, table: &table, role: role)
        case .select, .rpc:
            preconditionFailure("not a table write: \(query.operation)")
        }
        let rows = try Self.checkCardinality(query.returning == .representation ? query.cardinality : .many, written)
        let count = query.count == nil ? nil : written.count
        // The answer is built before the write commits: a cast that fails leaves the table as it was.
        let response =
            query.returning == .representation
            ? RawResponse(values: try projection.values(rows, cardinality: query.cardinality), count: count)
            : RawResponse(data: Data(), count: count)
        return response
    }

    /// The body's rows as PostgREST's `columns=` reads them: every key any row names is a column of every row, and
    /// a row that leaves one out has NULL there, or the column default when the query's `defaultToNull` is off.
    private static func writtenRows(_ query: DatabaseQuery, for table: TableStore) throws(DatabaseError)
        -> (rows: [[String: DatabaseValue]], columns: Set<String>)
    {
        var rows = try RowValidation.bodyRows(query.body, for: table)
        var columns = Set<String>()
        for row in rows { columns.formUnion(row.keys) }
        if query.defaultToNull {
            for index in rows.indices {
                for column in columns where rows[index][column] == nil { rows[index][column] = .null }
            }
        }
        return (rows, columns)
    }

    private func insert(
        _ bodyRows: [[String: DatabaseValue]], into table: inout TableStore, role: DatabaseRole, now: Date
    ) throws -> [[DatabaseValue]] {
        var newRows: [[DatabaseValue]] = []
        for provided in bodyRows {
            let row = try RowValidation.newRow(provided, for: table, role: role, now: now, after: newRows)
            try RowSecurity.checkNewRow(row, in: table, role: role)
            try RowValidation.check(row, in: table, tables: tables, checkingForeignKeys: false)
            newRows.append(row)
        }
        try table.append(newRows)
        // Foreign keys are checked at the end of the statement, as PostgreSQL does: a row may refer to another row
        // of the same insert, or to itself.
        for row in newRows { try RowValidation.checkForeignKeys(row, in: table, tables: tables) }
        return newRows
    }

    private func upsert(
        _ bodyRows: [[String: DatabaseValue]], columns: Set<String>, into table: inout TableStore, conflict: [String],
        ignoreDuplicates: Bool, role: DatabaseRole, now: Date
    ) throws -> [[DatabaseValue]] {
        var positions: [Int] = []
        for column in conflict { positions.append(try table.layout.position(of: column)) }
        let assigned = columns.compactMap { table.layout.positions[$0] }
        var written: [[DatabaseValue]] = []
        var keysWritten = Set<[DatabaseValue]>()
        for provided in bodyRows {
            let candidate = try RowValidation.newRow(provided, for: table, role: role, now: now)
            // PostgreSQL checks NOT NULL and CHECK on the proposed row before it looks for a conflict.
            try RowValidation.check(candidate, in: table, tables: tables, checkingForeignKeys: false)
            let key = positions.map { candidate[$0] }
            let existing =
                table.position(ofKey: key, columns: positions)
                ?? table.rows.firstIndex { row in positions.map { row[$0] } == key }
            if let existing {
                if ignoreDuplicates { continue }
                // PostgreSQL refuses to change one row twice in a command (ON CONFLICT DO UPDATE).
                guard !keysWritten.contains(key) else { throw DatabaseError.upsertAffectsRowTwice() }
                // ON CONFLICT DO UPDATE is subject to the UPDATE policy: someone else's row is an RLS error.
                guard RowSecurity.canSee(table.rows[existing], in: table, role: role) else {
                    throw DatabaseError.rowLevelSecurityUsing(table: table.schema.name)
                }
                // `SET column = EXCLUDED.column` for every column of the body: the proposed row's value, which is
                // the column default where a row left a column out and `defaultToNull` is off.
                var row = table.rows[existing]
                for position in assigned { row[position] = candidate[position] }
                try RowSecurity.checkNewRow(row, in: table, role: role)
                try RowValidation.check(row, in: table, tables: tables, checkingForeignKeys: false)
                try table.replace(at: [existing], with: [row])
                written.append(row)
            } else {
                try RowSecurity.checkNewRow(candidate, in: table, role: role)
                try RowValidation.check(candidate, in: table, tables: tables, checkingForeignKeys: false)
                try table.append([candidate])
                written.append(candidate)
            }
            keysWritten.insert(key)
        }
        for row in written { try RowValidation.checkForeignKeys(row, in: table, tables: tables) }
        return written
    }

    private func matchingPositions(_ query: DatabaseQuery, in table: TableStore, role: DatabaseRole) throws -> [Int] {
        let predicate = try RowPredicate.compile(query.filters, layout: table.layout)
        let candidates: [Int] =
            switch table.plan(filters: query.filters, role: role) {
            case .candidates(let positions, _): positions
            case .scan, .walk: Array(table.rows.indices)
            }
        return candidates.filter { index in
            let row = table.rows[index]
            return RowSecurity.canSee(row, in: table, role: role)
                && (predicate.map { $0.evaluate(row) == true } ?? true)
        }
    }

    private func update(_ query: DatabaseQuery, table: inout TableStore, role: DatabaseRole) throws -> [[DatabaseValue]]
    {
        guard case .object? = query.body, let changes = try RowValidation.bodyRows(query.body, for: table).first else {
            throw DatabaseError(code: "PGRST102", message: "Empty or invalid json", details: "update needs one object")
        }
        let positions = try matchingPositions(query, in: table, role: role)
        var updated: [[DatabaseValue]] = []
        for position in positions {
            var row = table.rows[position]
            for (name, value) in changes { row[table.layout.positions[name]!] = value }
            try RowSecurity.checkNewRow(row, in: table, role: role)
            try RowValidation.check(row, in: table, tables: tables, checkingForeignKeys: false)
            updated.append(row)
        }
        try table.replace(at: positions, with: updated)
        for row in updated { try RowValidation.checkForeignKeys(row, in: table, tables: tables) }
        return updated
    }

    private mutating func delete(_ query: DatabaseQuery, table: inout TableStore, role: DatabaseRole) throws
        -> [[DatabaseValue]]
    {
        let positions = try matchingPositions(query, in: table, role: role)
        tables[query.target] = table
        let deleted = try CascadingDelete.delete(at: positions, from: query.target, in: &tables)
        table = tables[query.target]!
        return deleted.first { $0.table == query.target }?.rows ?? []
    }
}
