import FitCore

/// An `AFTER INSERT OR UPDATE OR DELETE … FOR EACH ROW` trigger of the in-memory database. It fires as
/// PostgreSQL's do, at the end of each statement that changed `table`: after a request's write, and after each write
/// of a function (``InMemoryTransaction``) before the function goes on. ``body`` runs once with every row the
/// statement changed, in the same transaction, so what it writes commits with the change that caused it or not at
/// all. A table's triggers run in the order the schema lists them, which the contract keeps equal to PostgreSQL's
/// (by name).
///
/// Like a SQL `security definer` trigger function it reads and writes past row-level security. Its own writes are
/// statements too, and fire their tables' triggers inside it; nesting deeper than ``maximumDepth`` fails the request
/// with `54001`, as PostgreSQL's stack depth limit would.
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

    /// How deeply triggers may run inside one another in one request.
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
