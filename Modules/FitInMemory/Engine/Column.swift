import FitCore

/// One column of a table or view.
public struct Column: Sendable {
    /// How a column is filled when an insert leaves it out.
    public enum Default: Sendable {
        /// `gen_random_uuid()`.
        case generatedUUID
        /// `now()`, from the database's injected clock.
        case now
        /// `auth.uid()`: the acting member.
        case actingMember
        /// A constant.
        case value(DatabaseValue)
    }

    /// The column's name, snake_case as in PostgreSQL (`session_id`); filters, orders and write bodies refer to it.
    public var name: String
    /// The column's type: how literals are cast into it and how its values compare.
    public var type: ColumnType
    /// Whether the column may hold NULL; a write that leaves a NOT NULL column NULL fails with `23502`
    /// (``/FitCore/DatabaseError/notNullViolation(column:table:)``).
    public var isNullable: Bool
    /// What an insert that leaves the column out stores; `nil` for NULL (PostgreSQL's default).
    public var defaultValue: Default?

    /// Declares a column, as a `CREATE TABLE` line does.
    ///
    /// - Parameters:
    ///   - name: The column's snake_case name.
    ///   - type: Its type.
    ///   - nullable: Whether it may hold NULL; `false` (NOT NULL) by default.
    ///   - defaultValue: What an insert that leaves it out stores; `nil` (no default) by default.
    public init(_ name: String, _ type: ColumnType, nullable: Bool = false, default defaultValue: Default? = nil) {
        self.name = name
        self.type = type
        self.isNullable = nullable
        self.defaultValue = defaultValue
    }
}
