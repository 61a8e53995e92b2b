import FitCore

/// An `AFTER INSERT OR UPDATE OR DELETE … FOR EACH ROW` trigger of the in-memory database: after a request (or a
/// function) has written `table`, ``body`` runs once with every row that changed, in the same transaction, so what
/// it writes commits with the change that caused it or not at all.
///
/// Like a SQL `security definer` trigger function it reads and writes past row-level security. What it writes can set
/// off triggers in turn (those of the tables it wrote, with the rows it changed); a chain deeper than
/// ``maximumDepth`` fails the request with `54001`, as PostgreSQL's stack depth limit would.
public struct InMemoryTrigger: Sendable {
    /// One row a write changed: `old` is `nil` for an insert, `new` is `nil` for a delete.
    public struct RowChange: Sendable {
        /// The row before the write, or `nil` when it was inserted.
        public var old: Record?
        /// The row after the write, or `nil` when it was deleted.
        public var new: Record?

        /// Describes one changed row.
        ///
        /// - Parameters:
        ///   - old: The row before the write, or `nil` for an insert.
        ///   - new: The row after the write, or `nil` for a delete.
        public init(old: Record?, new: Record?) {
            self.old = old
            self.new = new
        }
    }

    /// Runs after a write of the trigger's table; what it throws fails the write and discards everything.
    public typealias Body = @Sendable (inout InMemoryTransaction, [RowChange]) throws -> Void

    /// How many rounds of triggers setting off triggers one request may run.
    public static let maximumDepth = 16

    /// The trigger's name, unique in the database (as the migration names it).
    public var name: String
    /// The table whose writes set it off.
    public var table: String
    /// What it does.
    public var body: Body

    /// Declares a trigger.
    ///
    /// - Parameters:
    ///   - name: The trigger's name.
    ///   - table: The table whose writes set it off.
    ///   - body: What it does with the rows that changed.
    public init(name: String, on table: String, _ body: @escaping Body) {
        self.name = name
        self.table = table
        self.body = body
    }
}
