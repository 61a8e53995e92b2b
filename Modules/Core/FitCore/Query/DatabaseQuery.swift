import Foundation

/// One request to the database, as a pure value: what `from(…)…` or `rpc(…)` builds and what every
/// ``DatabaseClient`` interprets. Equal queries mean the same request, so tests can assert on them.
public struct DatabaseQuery: Sendable, Hashable {
    /// What the query reads or writes.
    public enum Operation: Sendable, Hashable {
        /// Read rows (`GET`).
        case select
        /// Insert the rows of ``DatabaseQuery/body`` (`POST`).
        case insert
        /// Set the values of ``DatabaseQuery/body`` on the rows the filters match (`PATCH`).
        case update
        /// Insert or, on conflict with the named unique columns (default: the primary key), update.
        case upsert(onConflict: [String]?, ignoreDuplicates: Bool)
        /// Delete the rows the filters match (`DELETE`).
        case delete
        /// Call a database function with ``DatabaseQuery/body`` as its named arguments.
        case rpc
    }

    /// How many rows the caller expects back.
    public enum Cardinality: Sendable, Hashable {
        /// A JSON array of rows.
        case many
        /// Exactly one row as an object; 0 or more than one is error `PGRST116`.
        case single
        /// One row or JSON `null` for none; more than one is error `PGRST116`.
        case maybeSingle
    }

    /// Whether a write returns the written rows.
    public enum Returning: Sendable, Hashable {
        /// Return nothing (`Prefer: return=minimal`).
        case minimal
        /// Return the written rows (`Prefer: return=representation`), as supabase-swift's writes do.
        case representation
    }

    /// The table, view or function name.
    public var target: String
    /// What the query does: read, write, or call a function.
    public var operation: Operation
    /// The select list (``SelectedColumn``: a column, renamed or cast); `nil` means every column (`*`).
    public var columns: [SelectedColumn]?
    /// Conditions, all of which must hold.
    public var filters: [Filter]
    /// The ORDER BY terms, in order; empty for the backend's order.
    public var order: [OrderTerm]
    /// The most rows to return, or `nil` for all.
    public var limit: Int?
    /// How many matching rows to skip first, or `nil` for none.
    public var offset: Int?
    /// How many rows the caller expects: an array, exactly one, or at most one.
    public var cardinality: Cardinality
    /// Ask for the number of matching rows (before limit and offset).
    public var count: CountOption?
    /// Return no rows, only the count (PostgREST's `HEAD`).
    public var head: Bool
    /// Whether a write returns the rows it wrote.
    public var returning: Returning
    /// The rows to write (an object or an array of objects), the values to set, or the function's arguments.
    public var body: JSONValue?
    /// The schema the request addresses; `nil` for the API's default (`public`, the only one FitKit's backends
    /// expose: any other is `PGRST106`).
    public var schema: String?
    /// Whether the request must not write (an `rpc(…, get: true)`: PostgREST runs it in a read-only transaction, and
    /// a function that writes fails with `25006`).
    public var isReadOnly = false
    /// The body's format: JSON rows, or CSV (`csv()`).
    public var format: ResponseFormat = .json
    /// Whether keys whose value is `null` are left out of the returned objects (`stripNulls()`).
    public var stripsNulls = false
    /// Filters, order and paging of embedded resources, by path (the embedding's alias or table name; `a.b` for one
    /// nested in another), as `referencedTable:` and PostgREST's `studios.order=…` give them.
    public var referencedTables: [String: ReferencedTableOptions] = [:]
    /// For a bulk insert or upsert whose rows name different columns: whether a column one row leaves out is NULL
    /// in that row (`true`, PostgREST's `columns=` meaning and supabase-swift's default) or takes the column's
    /// default (`false`, `Prefer: missing=default`).
    public var defaultToNull: Bool

    /// A query with everything but the target and operation left at its default.
    ///
    /// - Parameters:
    ///   - target: The table, view or function name.
    ///   - operation: What the query does.
    ///   - columns: The columns to return; `nil` (the default) for all.
    ///   - filters: Conditions that must all hold; none by default.
    ///   - order: ORDER BY terms; none (the backend's order) by default.
    ///   - limit: The most rows to return; `nil` for all.
    ///   - offset: How many matching rows to skip; `nil` for none.
    ///   - cardinality: Whether an array (the default), exactly one row or at most one row comes back.
    ///   - count: How to count the matching rows; `nil` for no count.
    ///   - head: Whether to return only the count, no rows; `false` by default.
    ///   - returning: Whether a write returns the written rows; ``Returning/minimal`` by default.
    ///   - body: The rows to write, the values to set or the function's arguments; `nil` for a read.
    ///   - defaultToNull: Whether a column some rows of a bulk write leave out is NULL in them (`true`, the default)
    ///     or takes the column's default (`false`).
    public init(
        target: String,
        operation: Operation,
        columns: [SelectedColumn]? = nil,
        filters: [Filter] = [],
        order: [OrderTerm] = [],
        limit: Int? = nil,
        offset: Int? = nil,
        cardinality: Cardinality = .many,
        count: CountOption? = nil,
        head: Bool = false,
        returning: Returning = .minimal,
        body: JSONValue? = nil,
        defaultToNull: Bool = true
    ) {
        self.target = target
        self.operation = operation
        self.columns = columns
        self.filters = filters
        self.order = order
        self.limit = limit
        self.offset = offset
        self.cardinality = cardinality
        self.count = count
        self.head = head
        self.returning = returning
        self.body = body
        self.defaultToNull = defaultToNull
    }

    /// Whether the query writes rows (everything but select; an rpc may write too).
    public var isWrite: Bool {
        switch operation {
        case .select: false
        case .insert, .update, .upsert, .delete, .rpc: true
        }
    }
}

/// How to count matching rows, as in PostgREST's `Prefer: count=…`. Backends here count exactly.
public enum CountOption: String, Sendable, Hashable {
    /// Count every matching row (`count=exact`).
    case exact
    /// PostgreSQL's planner estimate (`count=planned`); counted exactly here.
    case planned
    /// Exact for small counts, planned for large ones (`count=estimated`); counted exactly here.
    case estimated
}

/// One term of ORDER BY.
public struct OrderTerm: Sendable, Hashable {
    /// The column to sort by.
    public var column: String
    /// Whether smaller values come first.
    public var ascending: Bool
    /// Where NULLs go. PostgreSQL's default: last when ascending, first when descending.
    public var nullsFirst: Bool

    /// Creates an ORDER BY term.
    ///
    /// - Parameters:
    ///   - column: The column to sort by.
    ///   - ascending: Whether smaller values come first.
    ///   - nullsFirst: Where NULLs go; `nil` for PostgreSQL's default (last ascending, first descending).
    public init(column: String, ascending: Bool = true, nullsFirst: Bool? = nil) {
        self.column = column
        self.ascending = ascending
        self.nullsFirst = nullsFirst ?? !ascending
    }
}
