import FitCore

/// Tables, views, functions and triggers installed together: the Swift mirror of a set of SQL migrations.
///
/// A schema is data: a feature declares its part, an app adds the parts up (`+`) and installs the sum. The offline
/// replica reads the same declarations for the columns of the relations it keeps.
public struct InMemorySchema: Sendable {
    /// A function callable with `rpc(name, params:)`.
    public struct Function: Sendable {
        /// The function's name, as `rpc` calls it.
        public var name: String
        /// Runs a call in an ``InMemoryTransaction``; what it throws fails the call and discards its writes.
        public var body: FunctionBody

        /// Declares a function.
        ///
        /// - Parameters:
        ///   - name: The function's name, as `rpc` calls it.
        ///   - body: Runs a call; what it throws fails the call and discards its writes.
        public init(_ name: String, _ body: @escaping FunctionBody) {
            self.name = name
            self.body = body
        }
    }

    /// The tables, referenced tables first.
    public var tables: [TableSchema]
    /// The views.
    public var views: [ViewSchema]
    /// The functions.
    public var functions: [Function]
    /// The triggers.
    public var triggers: [InMemoryTrigger]

    /// Declares a schema.
    ///
    /// - Parameters:
    ///   - tables: The tables, referenced tables before the tables that reference them; none by default.
    ///   - views: The views; none by default.
    ///   - functions: The functions; none by default.
    ///   - triggers: The triggers, on these tables or those of a schema this one is added to; none by default.
    public init(
        tables: [TableSchema] = [], views: [ViewSchema] = [], functions: [Function] = [],
        triggers: [InMemoryTrigger] = []
    ) {
        self.tables = tables
        self.views = views
        self.functions = functions
        self.triggers = triggers
    }

    /// The tables requests can name (``TableSchema/isExposed``): all but those outside the API's schema, such as
    /// `audit.log`.
    public var exposedTables: [TableSchema] { tables.filter(\.isExposed) }

    /// The names of the tables and views requests can name, tables first.
    public var relationNames: [String] { exposedTables.map(\.name) + views.map(\.name) }

    /// Both schemas' tables, views and functions, `lhs`'s first.
    ///
    /// - Parameters:
    ///   - lhs: The first schema (its tables are created first).
    ///   - rhs: The schema added to it.
    /// - Returns: The sum.
    public static func + (lhs: InMemorySchema, rhs: InMemorySchema) -> InMemorySchema {
        InMemorySchema(
            tables: lhs.tables + rhs.tables, views: lhs.views + rhs.views, functions: lhs.functions + rhs.functions,
            triggers: lhs.triggers + rhs.triggers)
    }

    /// Installs whatever of the schema `database` does not have yet, so reopening a persisted file (whose tables load
    /// as they are created) or installing twice is harmless.
    ///
    /// - Parameter database: The database to install into.
    /// - Throws: What ``InMemoryDatabase/createTable(_:)`` throws; in practice ``PersistenceError/corrupt(_:reason:)``
    ///   when an attached file's rows do not fit a table (the tables created before it stay).
    public func install(on database: InMemoryDatabase) throws {
        for table in tables where !database.hasRelation(named: table.name) {
            try database.createTable(table)
        }
        for view in views where !database.hasRelation(named: view.name) {
            database.createView(view)
        }
        for function in functions where !database.hasRelation(named: function.name) {
            database.createFunction(function.name, function.body)
        }
        for trigger in triggers where !database.hasTrigger(named: trigger.name) {
            database.createTrigger(trigger)
        }
    }
}
