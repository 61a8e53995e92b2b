import FitCore

/// A table of the in-memory backend: columns, keys and constraints, and who may see and change which rows.
/// Mirrors the table's SQL in `Backend/migrations` so that both backends accept and reject the same writes.
public struct TableSchema: Sendable {
    /// Row-level security, in the shape FitKit's SQL policies take.
    public enum Access: Sendable {
        /// Everyone (anon and members) reads every row; only the service role writes.
        case publicRead
        /// Members read the rows whose `column` is their id; `memberWritable` lists what they may do to those rows
        /// besides reading (`true` for insert, update and delete, `false` for nothing: only the service role and
        /// RPCs write; `[.insert, .delete]` as a `grant select, insert, delete`). Anon sees nothing.
        case ownedBy(column: String, memberWritable: MemberWrites)
    }

    /// The table's name, as requests name it (`book_loans`); unique among the database's tables and views.
    public var name: String
    /// The columns, in the order `select *` returns them.
    public var columns: [Column]
    /// The primary-key columns; `["id"]` for most tables. A duplicate key fails with `23505` on the constraint
    /// `<table>_pkey`.
    public var primaryKey: [String]
    /// The unique constraints and unique indexes besides the primary key.
    public var uniqueConstraints: [UniqueConstraint]
    /// The CHECK constraints every inserted or updated row must satisfy (else `23514`).
    public var checks: [CheckConstraint]
    /// The columns that reference rows of other tables (checked as `23503`).
    public var foreignKeys: [ForeignKey]
    /// Secondary indexes, as the migrations' `create index` statements declare them. Foreign-key columns and
    /// the row-level-security owner column get a hash index without being listed.
    public var indexes: [TableIndex]
    /// Who may read and write which rows (row-level security).
    public var access: Access

    /// Declares a table, as its `CREATE TABLE` statement and policy do.
    ///
    /// - Parameters:
    ///   - name: The table's name.
    ///   - columns: The columns, in order.
    ///   - primaryKey: The primary-key columns; `["id"]` by default.
    ///   - unique: The unique constraints besides the primary key; none by default.
    ///   - checks: The CHECK constraints; none by default.
    ///   - foreignKeys: The foreign keys; none by default.
    ///   - indexes: The secondary indexes; none by default (foreign-key and owner columns are indexed anyway).
    ///   - access: Who may read and write which rows.
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

    /// Whether requests may name the table: a table whose name is schema-qualified (`audit.log`) lies outside the
    /// API's `public` schema, so requests that name it fail as for a missing table (`PGRST205`, as PostgREST answers),
    /// while functions and triggers read and write it.
    public var isExposed: Bool { !name.contains(".") }

    /// A table's name without its schema (`log` for `audit.log`), as PostgreSQL's messages name tables.
    ///
    /// - Parameter name: A table's name, schema-qualified or not.
    /// - Returns: The part after the last `.`.
    public static func unqualified(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }

    /// The column's position, or `nil` when the table has no such column.
    ///
    /// - Parameter column: The column's name.
    /// - Returns: Its zero-based position in ``columns``, or `nil`.
    public func index(of column: String) -> Int? {
        columns.firstIndex { $0.name == column }
    }
}

/// A unique constraint or unique index, optionally partial (`WHERE status = 'active'`).
public struct UniqueConstraint: Sendable {
    /// The constraint's name, reported in a `23505` error's message (`members_email_key`).
    public var name: String
    /// The columns whose values, together, must be unique among the covered rows; rows with NULL in any of them never
    /// conflict, as in PostgreSQL.
    public var columns: [String]
    /// Rows the index covers; `nil` covers every row.
    public var predicate: (@Sendable (Record) -> Bool)?

    /// Declares a unique constraint, or a partial unique index when `predicate` is given.
    ///
    /// - Parameters:
    ///   - name: The constraint's name.
    ///   - columns: The columns that must be unique together.
    ///   - predicate: The rows the index covers (a partial index's `WHERE`); `nil` (the default) for every row.
    public init(name: String, columns: [String], where predicate: (@Sendable (Record) -> Bool)? = nil) {
        self.name = name
        self.columns = columns
        self.predicate = predicate
    }
}

/// A CHECK constraint. As in SQL, a check that evaluates on NULL input should return `true`.
public struct CheckConstraint: Sendable {
    /// The constraint's name, reported in a `23514` error's message.
    public var name: String
    /// Whether a row passes the check; it returns `true` for NULL inputs, as SQL's CHECK does.
    public var isSatisfied: @Sendable (Record) -> Bool

    /// Declares a CHECK constraint.
    ///
    /// - Parameters:
    ///   - name: The constraint's name, as in the migration (`events_title_check`).
    ///   - isSatisfied: Whether a row passes the check.
    public init(name: String, _ isSatisfied: @escaping @Sendable (Record) -> Bool) {
        self.name = name
        self.isSatisfied = isSatisfied
    }
}

/// `column REFERENCES table(id)`: a non-null value must name an existing row; deleting a referenced row fails, or
/// deletes the rows that refer to it (`ON DELETE CASCADE`).
public struct ForeignKey: Sendable {
    /// What deleting a referenced row does to the rows that refer to it.
    public enum DeleteAction: Sendable {
        /// The delete fails with `23503` while a row still refers to the deleted one at the end of the statement
        /// (PostgreSQL's default, `NO ACTION`).
        case noAction
        /// The referring rows are deleted too, and what refers to them in turn (`ON DELETE CASCADE`).
        case cascade
    }

    /// The referencing column of this table.
    public var column: String
    /// The table whose rows it refers to.
    public var referencedTable: String
    /// The referenced column, usually `id`.
    public var referencedColumn: String
    /// What deleting a referenced row does.
    public var onDelete: DeleteAction

    /// Declares `column REFERENCES table(referencedColumn)`.
    ///
    /// - Parameters:
    ///   - column: The referencing column.
    ///   - table: The referenced table; it must be created first.
    ///   - referencedColumn: The referenced column; `id` by default.
    ///   - onDelete: What deleting a referenced row does; ``DeleteAction/noAction`` (the delete fails) by default.
    public init(
        _ column: String, references table: String, column referencedColumn: String = "id",
        onDelete: DeleteAction = .noAction
    ) {
        self.column = column
        self.referencedTable = table
        self.referencedColumn = referencedColumn
        self.onDelete = onDelete
    }

    /// PostgreSQL's default constraint name.
    ///
    /// - Parameter table: The name of the table that holds the foreign key.
    /// - Returns: `<table>_<column>_fkey`, the name errors and
    ///   ``/FitCore/DatabaseError/isForeignKeyViolation(table:column:)`` use.
    public func name(in table: String) -> String { "\(table)_\(column)_fkey" }
}
