import FitCore
import Foundation

/// A view of the in-memory backend: typed columns and a function that computes its rows from tables,
/// mirroring the SQL view. Rows are computed per query, so a view is always current.
public struct ViewSchema: Sendable {
    /// The view's name, as requests name it (`available_books`).
    public var name: String
    /// The view's columns, typed so that filters cast literals and compare values as on a table.
    public var columns: [Column]
    /// Computes the rows; each row maps column names to values (missing names are NULL).
    public var rows: @Sendable (ViewContext) throws -> [[String: DatabaseValue]] {
        get {
            let columns = columns
            let values = values
            return { context in
                try values(context).map { row in
                    Dictionary(uniqueKeysWithValues: zip(columns.map(\.name), row))
                }
            }
        }
        set {
            let columns = columns
            values = { context in try newValue(context).map { row in columns.map { row[$0.name] ?? .null } } }
        }
    }

    /// Computes the rows as values in ``columns``' order.
    var values: @Sendable (ViewContext) throws -> [[DatabaseValue]]

    /// Declares a view, as its `CREATE VIEW` statement does.
    ///
    /// - Parameters:
    ///   - name: The view's name.
    ///   - columns: Its columns, in the order `select *` returns them.
    ///   - rows: Computes its rows from the tables; what it throws fails the query.
    public init(
        name: String, columns: [Column],
        rows: @escaping @Sendable (ViewContext) throws -> [[String: DatabaseValue]]
    ) {
        self.name = name
        self.columns = columns
        self.values = { context in try rows(context).map { row in columns.map { row[$0.name] ?? .null } } }
    }

    /// Declares a view whose rows are computed as values in its columns' order: no dictionary per row, for views
    /// that many rows pass through (the timetable's).
    ///
    /// - Parameters:
    ///   - name: The view's name.
    ///   - columns: Its columns, in the order `select *` returns them.
    ///   - orderedRows: Computes its rows from the tables, each with one value per column in `columns`' order; what
    ///     it throws fails the query, and so does a row of another length (`XX000`, an internal error).
    public init(
        name: String, columns: [Column], orderedRows: @escaping @Sendable (ViewContext) throws -> [[DatabaseValue]]
    ) {
        self.name = name
        self.columns = columns
        let width = columns.count
        self.values = { context in
            let rows = try orderedRows(context)
            guard let wrong = rows.first(where: { $0.count != width }) else { return rows }
            throw DatabaseError(
                code: "XX000", message: "view \(name) computed a row of \(wrong.count) values for \(width) columns")
        }
    }
}

/// What a view's rows are computed from: every table (like a SQL view owned by a superuser, it reads
/// past row-level security), the caller's role, and the acting member, for per-member columns such as `is_booked`.
public struct ViewContext: Sendable {
    /// Who runs the query: a view that runs with its caller's rights shows the service role every row and an
    /// anonymous caller none of a member's own.
    public let role: DatabaseRole
    /// The member the query runs for, if any (`auth.uid()`).
    public var actingMember: UUID? { role.memberId }
    /// The database's current time (`now()`).
    public let now: Date
    let tables: [String: TableStore]

    /// Every row of `table`.
    ///
    /// - Parameter table: The table's name.
    /// - Returns: Its rows in storage order, whoever the acting member is.
    /// - Throws: ``/FitCore/DatabaseError/unknownTable(_:)`` when there is no such table (views are not readable here).
    public func records(in table: String) throws -> [Record] {
        guard let store = tables[table] else { throw DatabaseError.unknownTable(table) }
        return store.rows.map { Record(layout: store.layout, values: $0) }
    }

    /// The rows of `table` whose `column` equals `value`, found through the column's index when it has one (foreign-key
    /// and row-owner columns do), so the work grows with the rows found, not with the table.
    ///
    /// - Parameters:
    ///   - table: The table's name.
    ///   - column: The column to match.
    ///   - value: The value it must equal (`NULL` matches nothing, as in SQL).
    /// - Returns: The matching rows in storage order.
    /// - Throws: ``/FitCore/DatabaseError/unknownTable(_:)`` when there is no such table,
    ///   ``/FitCore/DatabaseError/unknownColumn(_:in:)`` when it has no such column.
    public func records(in table: String, where column: String, equals value: DatabaseValue) throws -> [Record] {
        guard let store = tables[table] else { throw DatabaseError.unknownTable(table) }
        guard let position = store.layout.positions[column] else {
            throw DatabaseError.unknownColumn(column, in: table)
        }
        guard value != .null else { return [] }
        let positions =
            store.positions(where: position, isOneOf: [value])
            ?? store.rows.indices.filter { store.rows[$0][position] == value }
        return positions.map { Record(layout: store.layout, values: store.rows[$0]) }
    }
}
