import FitCore

/// A table of the in-memory backend: columns, keys and constraints, and who may see and change which rows.
/// Mirrors the table's SQL in `Backend/migrations` so that both backends accept and reject the same writes.
public struct TableSchema: Sendable {
    /// Row-level security, in the shape FitKit's SQL policies take.
    public enum Access: Sendable {
        /// Everyone (anon and members) reads every row; only the service role writes.
        case publicRead
        /// Members read the rows whose `column` is their id; `memberWritable` lets them insert, update and
        /// delete those rows too (else only the service role and RPCs write). Anon sees nothing.
        case ownedBy(column: String, memberWritable: Bool)
    }

    public var name: String
    public var columns: [Column]
    public var primaryKey: [String]
    public var uniqueConstraints: [UniqueConstraint]
    public var checks: [CheckConstraint]
    public var foreignKeys: [ForeignKey]
    /// Secondary indexes, as the migrations' `create index` statements declare them. Foreign-key columns and
    /// the row-level-security owner column get a hash index without being listed.
    public var indexes: [TableIndex]
    public var access: Access

    public init(
        name: String,
        columns: [Column],
        primaryKey: [String] = ["id"],
        unique: [UniqueConstraint] = [],
        checks: [CheckConstraint] = [],
        foreignKeys: [ForeignKey] = [],
        indexes: [TableIndex] = [],
        access: Access
    ) {
        self.name = name
        self.columns = columns
        self.primaryKey = primaryKey
        self.uniqueConstraints = unique
        self.checks = checks
        self.foreignKeys = foreignKeys
        self.indexes = indexes
        self.access = access
    }

    /// The column's position, or `nil` when the table has no such column.
    public func index(of column: String) -> Int? {
        columns.firstIndex { $0.name == column }
    }
}

/// A unique constraint or unique index, optionally partial (`WHERE status = 'active'`).
public struct UniqueConstraint: Sendable {
    public var name: String
    public var columns: [String]
    /// Rows the index covers; `nil` covers every row.
    public var predicate: (@Sendable (Record) -> Bool)?

    public init(name: String, columns: [String], where predicate: (@Sendable (Record) -> Bool)? = nil) {
        self.name = name
        self.columns = columns
        self.predicate = predicate
    }
}

/// A CHECK constraint. As in SQL, a check that evaluates on NULL input should return `true`.
public struct CheckConstraint: Sendable {
    public var name: String
    public var isSatisfied: @Sendable (Record) -> Bool

    public init(name: String, _ isSatisfied: @escaping @Sendable (Record) -> Bool) {
        self.name = name
        self.isSatisfied = isSatisfied
    }
}

/// `column REFERENCES table(id)`: a non-null value must name an existing row; deleting a referenced row fails.
public struct ForeignKey: Sendable {
    public var column: String
    public var referencedTable: String
    public var referencedColumn: String

    public init(_ column: String, references table: String, column referencedColumn: String = "id") {
        self.column = column
        self.referencedTable = table
        self.referencedColumn = referencedColumn
    }

    /// PostgreSQL's default constraint name.
    public func name(in table: String) -> String { "\(table)_\(column)_fkey" }
}
