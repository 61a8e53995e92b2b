import Foundation

/// One request to the database, as a pure value: what `from(…)…` or `rpc(…)` builds and what every
/// ``DatabaseClient`` interprets. Equal queries mean the same request, so tests can assert on them.
public struct DatabaseQuery: Sendable, Hashable {
    /// What the query reads or writes.
    public enum Operation: Sendable, Hashable {
        case select
        case insert
        case update
        /// Insert or, on conflict with the named unique columns (default: the primary key), update.
        case upsert(onConflict: [String]?, ignoreDuplicates: Bool)
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
        case minimal
        case representation
    }

    /// The table, view or function name.
    public var target: String
    public var operation: Operation
    /// Selected columns; `nil` means all (`*`).
    public var columns: [String]?
    /// Conditions, all of which must hold.
    public var filters: [Filter]
    public var order: [OrderTerm]
    public var limit: Int?
    public var offset: Int?
    public var cardinality: Cardinality
    /// Ask for the number of matching rows (before limit and offset).
    public var count: CountOption?
    /// Return no rows, only the count (PostgREST's `HEAD`).
    public var head: Bool
    public var returning: Returning
    /// The rows to write (an object or an array of objects), the values to set, or the function's arguments.
    public var body: JSONValue?

    /// A query with everything but the target and operation left at its default.
    public init(
        target: String,
        operation: Operation,
        columns: [String]? = nil,
        filters: [Filter] = [],
        order: [OrderTerm] = [],
        limit: Int? = nil,
        offset: Int? = nil,
        cardinality: Cardinality = .many,
        count: CountOption? = nil,
        head: Bool = false,
        returning: Returning = .minimal,
        body: JSONValue? = nil
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
    case exact, planned, estimated
}

/// One term of ORDER BY.
public struct OrderTerm: Sendable, Hashable {
    public var column: String
    public var ascending: Bool
    /// Where NULLs go. PostgreSQL's default: last when ascending, first when descending.
    public var nullsFirst: Bool

    public init(column: String, ascending: Bool = true, nullsFirst: Bool? = nil) {
        self.column = column
        self.ascending = ascending
        self.nullsFirst = nullsFirst ?? !ascending
    }
}
