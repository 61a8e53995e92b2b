/// What PostgreSQL's catalog says about one table or view of a migrated database: the items the Swift mirror
/// declares too, as `Backend/catalog.json` keeps them (``CatalogSnapshot``) and ``CatalogDifferences`` compares them.
public struct TableFacts: Codable, Sendable, Equatable {
    public struct ColumnFacts: Codable, Sendable, Equatable {
        public var name: String
        /// `format_type`: `uuid`, `numeric(8,2)`, `timestamp with time zone`, `text[]`.
        public var type: String
        public var notNull: Bool
        /// `pg_get_expr` of the default, if any.
        public var defaultExpression: String?
        public var isIdentity: Bool

        public init(name: String, type: String, notNull: Bool, defaultExpression: String?, isIdentity: Bool) {
            self.name = name
            self.type = type
            self.notNull = notNull
            self.defaultExpression = defaultExpression
            self.isIdentity = isIdentity
        }
    }

    public struct ForeignKeyFacts: Codable, Sendable, Hashable {
        public var column: String
        /// `confrelid::regclass`: `members`, `auth.users`.
        public var referencedTable: String
        public var referencedColumn: String
        /// `confdeltype`: `a` no action, `r` restrict, `c` cascade, `n` set null, `d` set default.
        public var onDelete: String

        public init(column: String, referencedTable: String, referencedColumn: String, onDelete: String) {
            self.column = column
            self.referencedTable = referencedTable
            self.referencedColumn = referencedColumn
            self.onDelete = onDelete
        }
    }

    public struct PolicyFacts: Codable, Sendable, Equatable {
        public var name: String
        /// `polcmd`: `r` select, `a` insert, `w` update, `d` delete, `*` all.
        public var command: String
        public var roles: [String]
        public var using: String?
        public var withCheck: String?

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
        public var columns: [String]
        public var isPartial: Bool

        public init(columns: [String], isPartial: Bool) {
            self.columns = columns
            self.isPartial = isPartial
        }
    }

    public var name: String
    public var columns: [ColumnFacts]
    public var primaryKey: [String]
    /// Sorted by column.
    public var foreignKeys: [ForeignKeyFacts]
    /// Sorted by columns.
    public var uniqueKeys: [UniqueKey]
    public var rowSecurity: Bool
    /// Sorted by name.
    public var policies: [PolicyFacts]
    /// The writes `authenticated` is granted (`DELETE`, `INSERT`, `UPDATE`), sorted.
    public var memberPrivileges: [String]
    /// The columns of each index that is neither the primary key nor unique, sorted.
    public var indexes: [[String]]
    /// Whether the change feed's trigger (`fitkit_notify_change`) is on the table.
    public var notifiesChanges: Bool

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
