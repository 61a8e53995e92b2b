/// What PostgreSQL's catalog says about one table or view of a migrated database: the items the Swift mirror
/// declares too, as a feature's committed snapshot keeps them (``CatalogSnapshot``) and ``CatalogDifferences`` compares
/// them.
public struct TableFacts: Codable, Sendable, Equatable {
    /// One column.
    public struct ColumnFacts: Codable, Sendable, Equatable {
        /// The column's name.
        public var name: String
        /// `format_type`: `uuid`, `numeric(8,2)`, `timestamp with time zone`, `text[]`.
        public var type: String
        /// Whether it is `NOT NULL`.
        public var notNull: Bool
        /// `pg_get_expr` of the default, if any.
        public var defaultExpression: String?
        /// Whether it is an identity column.
        public var isIdentity: Bool

        /// A column's facts, as the catalog has them.
        ///
        /// - Parameters:
        ///   - name: The column's name.
        ///   - type: Its `format_type`.
        ///   - notNull: Whether it is `NOT NULL`.
        ///   - defaultExpression: Its default's expression, if any.
        ///   - isIdentity: Whether it is an identity column.
        public init(name: String, type: String, notNull: Bool, defaultExpression: String?, isIdentity: Bool) {
            self.name = name
            self.type = type
            self.notNull = notNull
            self.defaultExpression = defaultExpression
            self.isIdentity = isIdentity
        }
    }

    /// One foreign key of one column.
    public struct ForeignKeyFacts: Codable, Sendable, Hashable {
        /// The referencing column.
        public var column: String
        /// `confrelid::regclass`: `members`, `auth.users`.
        public var referencedTable: String
        /// The referenced column.
        public var referencedColumn: String
        /// `confdeltype`: `a` no action, `r` restrict, `c` cascade, `n` set null, `d` set default.
        public var onDelete: String

        /// A foreign key's facts, as the catalog has them.
        ///
        /// - Parameters:
        ///   - column: The referencing column.
        ///   - referencedTable: The referenced table.
        ///   - referencedColumn: The referenced column.
        ///   - onDelete: Its `confdeltype`.
        public init(column: String, referencedTable: String, referencedColumn: String, onDelete: String) {
            self.column = column
            self.referencedTable = referencedTable
            self.referencedColumn = referencedColumn
            self.onDelete = onDelete
        }
    }

    /// One row-level security policy.
    public struct PolicyFacts: Codable, Sendable, Equatable {
        /// The policy's name.
        public var name: String
        /// `polcmd`: `r` select, `a` insert, `w` update, `d` delete, `*` all.
        public var command: String
        /// The roles it applies to (`public` for every role), sorted.
        public var roles: [String]
        /// `pg_get_expr` of its `USING` expression, if any.
        public var using: String?
        /// `pg_get_expr` of its `WITH CHECK` expression, if any.
        public var withCheck: String?

        /// A policy's facts, as the catalog has them.
        ///
        /// - Parameters:
        ///   - name: The policy's name.
        ///   - command: Its `polcmd`.
        ///   - roles: The roles it applies to.
        ///   - using: Its `USING` expression, if any.
        ///   - withCheck: Its `WITH CHECK` expression, if any.
        public init(name: String, command: String, roles: [String], using: String?, withCheck: String?) {
            self.name = name
            self.command = command
            self.roles = roles
            self.using = using
            self.withCheck = withCheck
        }
    }

    /// A unique constraint or unique index other than the primary key: its columns, and whether it is partial.
    public struct UniqueKey: Codable, Sendable, Hashable {
        /// Its columns, in order.
        public var columns: [String]
        /// Whether it has a `WHERE` clause.
        public var isPartial: Bool

        /// A unique key's facts, as the catalog has them.
        ///
        /// - Parameters:
        ///   - columns: Its columns, in order.
        ///   - isPartial: Whether it has a `WHERE` clause.
        public init(columns: [String], isPartial: Bool) {
            self.columns = columns
            self.isPartial = isPartial
        }
    }

    /// The table's or view's name.
    public var name: String
    /// Its columns, in order.
    public var columns: [ColumnFacts]
    /// Its primary key's columns; empty for a view.
    public var primaryKey: [String]
    /// Sorted by column.
    public var foreignKeys: [ForeignKeyFacts]
    /// Sorted by columns.
    public var uniqueKeys: [UniqueKey]
    /// Whether row-level security is on.
    public var rowSecurity: Bool
    /// Sorted by name.
    public var policies: [PolicyFacts]
    /// The writes `authenticated` is granted (`DELETE`, `INSERT`, `UPDATE`), sorted.
    public var memberPrivileges: [String]
    /// The columns of each index that is neither the primary key nor unique, sorted.
    public var indexes: [[String]]
    /// Whether the change feed's trigger (`fitkit_notify_change`) is on the table.
    public var notifiesChanges: Bool

    /// The facts of a relation named `name` with nothing in it yet, for a reader to fill in.
    ///
    /// - Parameter name: The table's or view's name.
    public init(name: String) {
        self.name = name
        columns = []
        primaryKey = []
        foreignKeys = []
        uniqueKeys = []
        rowSecurity = false
        policies = []
        memberPrivileges = []
        indexes = []
        notifiesChanges = false
    }
}
