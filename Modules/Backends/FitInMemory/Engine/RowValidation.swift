import FitCore
import Foundation

/// Building and checking rows for writes, shared by PostgREST-style writes and RPC transactions:
/// defaults, NOT NULL, CHECK and foreign keys (uniqueness is ``TableStore``'s job).
enum RowValidation {
    /// A full row from the provided values plus the column defaults; `earlier` rows of the same statement come
    /// before it (for identity columns).
    static func newRow(
        _ provided: [String: DatabaseValue], for table: TableStore, role: DatabaseRole, now: Date,
        after earlier: [[DatabaseValue]] = []
    ) throws(DatabaseError) -> [DatabaseValue] {
        for name in provided.keys where table.layout.positions[name] == nil {
            throw DatabaseError.unknownWriteColumn(name, in: table.schema.name)
        }
        return table.layout.columns.enumerated().map { index, column in
            if let value = provided[column.name] { return value }
            switch column.defaultValue {
            case .generatedUUID?: return .uuid(UUID())
            case .now?: return .timestamp(now)
            case .actingMember?: return role.memberId.map(DatabaseValue.uuid) ?? .null
            case .value(let value)?: return value
            case .identity?:
                let largest = (table.rows + earlier).compactMap { $0[index].intValue }.max() ?? 0
                return .integer(Int64(largest + 1))
            case nil: return .null
            }
        }
    }

    /// NOT NULL, CHECK and (unless `checkingForeignKeys` is false) foreign-key checks for a row about to be stored.
    static func check(
        _ row: [DatabaseValue], in table: TableStore, tables: [String: TableStore], checkingForeignKeys: Bool = true
    ) throws(DatabaseError) {
        for (index, column) in table.layout.columns.enumerated() where !column.isNullable && row[index] == .null {
            throw DatabaseError.notNullViolation(column: column.name, table: table.schema.name)
        }
        let record = Record(layout: table.layout, values: row)
        for check in table.schema.checks where !check.isSatisfied(record) {
            throw DatabaseError.checkViolation(constraint: check.name, table: table.schema.name)
        }
        if checkingForeignKeys { try checkForeignKeys(row, in: table, tables: tables) }
    }

    /// The foreign-key checks for a stored row: each non-NULL referencing value must be in the referenced table
    /// (`table` itself, as it is now, for a self-reference).
    static func checkForeignKeys(
        _ row: [DatabaseValue], in table: TableStore, tables: [String: TableStore]
    ) throws(DatabaseError) {
        let record = Record(layout: table.layout, values: row)
        for key in table.schema.foreignKeys {
            let value = record[key.column]
            guard value != .null else { continue }
            let referenced = key.referencedTable == table.schema.name ? table : tables[key.referencedTable]
            guard let referenced, referenced.contains(value, in: key.referencedColumn) else {
                throw DatabaseError(
                    code: "23503",
                    message:
                        "insert or update on table \"\(table.schema.name)\" violates foreign key constraint \"\(key.name(in: table.schema.name))\"",
                    details:
                        "Key (\(key.column))=(\(value.json.stringValue ?? "")) is not present in table \"\(TableSchema.unqualified(key.referencedTable))\"."
                )
            }
        }
    }

    /// The JSON objects of a write body, cast to the table's column types.
    static func bodyRows(_ body: JSONValue?, for table: TableStore) throws(DatabaseError) -> [[String: DatabaseValue]] {
        let objects: [JSONValue]
        switch body {
        case .array(let elements)?: objects = elements
        case .object?: objects = [body!]
        default:
            throw DatabaseError(
                code: "PGRST102", message: "Empty or invalid json",
                details: "a write needs an object or an array of objects")
        }
        var rows: [[String: DatabaseValue]] = []
        for object in objects {
            guard case .object(let members) = object else {
                throw DatabaseError(
                    code: "PGRST102", message: "All object keys must match", details: "expected an object")
            }
            var row: [String: DatabaseValue] = [:]
            for (name, json) in members {
                guard let position = table.layout.positions[name] else {
                    throw DatabaseError.unknownWriteColumn(name, in: table.schema.name)
                }
                let column = table.layout.columns[position]
                row[name] = try column.stored(column.type.cast(json))
            }
            rows.append(row)
        }
        return rows
    }
}
