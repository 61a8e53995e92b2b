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

    public var name: String
    public var type: ColumnType
    public var isNullable: Bool
    public var defaultValue: Default?

    public init(_ name: String, _ type: ColumnType, nullable: Bool = false, default defaultValue: Default? = nil) {
        self.name = name
        self.type = type
        self.isNullable = nullable
        self.defaultValue = defaultValue
    }
}
