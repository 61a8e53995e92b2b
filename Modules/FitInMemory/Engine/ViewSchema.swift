import FitCore
import Foundation

/// A view of the in-memory backend: typed columns and a function that computes its rows from tables,
/// mirroring the SQL view. Rows are computed per query, so a view is always current.
public struct ViewSchema: Sendable {
    public var name: String
    public var columns: [Column]
    /// Computes the rows; each row maps column names to values (missing names are NULL).
    public var rows: @Sendable (ViewContext) throws -> [[String: DatabaseValue]]

    public init(
        name: String, columns: [Column],
        rows: @escaping @Sendable (ViewContext) throws -> [[String: DatabaseValue]]
    ) {
        self.name = name
        self.columns = columns
        self.rows = rows
    }
}

/// What a view's rows are computed from: every table (like a SQL view owned by a superuser, it reads
/// past row-level security) and the acting member, for per-member columns such as `is_booked`.
public struct ViewContext: Sendable {
    /// The member the query runs for, if any (`auth.uid()`).
    public let actingMember: UUID?
    /// The database's current time (`now()`).
    public let now: Date
    let tables: [String: TableStore]

    /// Every row of `table`.
    public func records(in table: String) throws -> [Record] {
        guard let store = tables[table] else { throw DatabaseError.unknownTable(table) }
        return store.rows.map { Record(layout: store.layout, values: $0) }
    }
}
