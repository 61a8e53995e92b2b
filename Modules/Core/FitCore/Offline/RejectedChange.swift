import Foundation

/// A change made offline that the server refused when it was replayed (a check, row-level security, a foreign
/// key). It left the outbox, and the local replica took the server's rows back.
public struct RejectedChange: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// The change's position in the outbox, unique among the changes one client queued while it ran.
    public var id: Int
    /// The table the change wrote to.
    public var table: String
    /// What the change did: `insert`, `update`, `upsert` or `delete`.
    public var operation: String
    /// The primary keys of the rows it wrote (column → value as JSON).
    public var keys: [[String: JSONValue]]
    /// What the server said.
    public var error: DatabaseError
    /// When the server refused it.
    public var rejectedAt: Date

    /// Creates a record of a refused change.
    ///
    /// - Parameters:
    ///   - id: The change's position in the outbox.
    ///   - table: The table it wrote to.
    ///   - operation: `insert`, `update`, `upsert` or `delete`.
    ///   - keys: The primary keys of the rows it wrote.
    ///   - error: What the server said.
    ///   - rejectedAt: When the server refused it.
    public init(
        id: Int, table: String, operation: String, keys: [[String: JSONValue]], error: DatabaseError, rejectedAt: Date
    ) {
        self.id = id
        self.table = table
        self.operation = operation
        self.keys = keys
        self.error = error
        self.rejectedAt = rejectedAt
    }

    /// One line: the table, the operation and the server's error.
    public var description: String { "\(operation) on \(table) was refused by the server: \(error)" }
}
