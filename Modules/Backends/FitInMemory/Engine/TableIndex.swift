/// A secondary index on one column of an in-memory table, the counterpart of a `create index` in
/// `Backend/migrations`.
///
/// The engine also keeps, without being asked, a hash index on every foreign-key column and on the column a
/// table's row-level security is owned by, and looks primary and unique keys up in their unique indexes.
/// Indexes change no result: a query returns the same rows in the same order with or without them. They
/// change how many rows a query reads (see ``InMemoryDatabase/explain(_:as:)``).
public struct TableIndex: Sendable, Hashable {
    /// How an index is organised.
    public enum Kind: String, Sendable, Hashable {
        /// Rows by value: answers `eq` and `in` filters.
        case hash
        /// Rows sorted by value: answers `eq`, `in`, `gt`, `gte`, `lt` and `lte` filters, and lets
        /// `order(column) … limit(n)` stop after the first `n` matching rows.
        case ordered
    }

    /// The indexed column.
    public var column: String
    /// Hash or ordered.
    public var kind: Kind

    /// An index of `kind` on `column`.
    ///
    /// - Parameters:
    ///   - column: The column to index; creating the table fails with `42703` when it has no such column.
    ///   - kind: ``Kind/hash`` or ``Kind/ordered``; a hash index needs a column whose values hash exactly (not
    ///     `numeric`, `double precision` or `jsonb`: creating the table fails with `0A000`).
    public init(column: String, kind: Kind) {
        self.column = column
        self.kind = kind
    }

    /// A hash index on `column`, for equality filters.
    ///
    /// - Parameter column: The column to index.
    /// - Returns: `TableIndex(column: column, kind: .hash)`.
    public static func hash(_ column: String) -> TableIndex { TableIndex(column: column, kind: .hash) }

    /// An ordered index on `column`, for equality and range filters and for ordering.
    ///
    /// - Parameter column: The column to index.
    /// - Returns: `TableIndex(column: column, kind: .ordered)`.
    public static func ordered(_ column: String) -> TableIndex { TableIndex(column: column, kind: .ordered) }
}
