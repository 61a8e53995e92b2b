import FitCore

/// A `DatabaseClient` over an ``InMemoryDatabase``, acting as one role.
public struct InMemoryClient: DatabaseClient {
    /// The database this client talks to.
    public let database: InMemoryDatabase
    /// The role this client's requests run as: it decides which rows row-level security shows and which writes it
    /// allows, and what `auth.uid()` is in defaults and functions.
    public let role: DatabaseRole

    /// A client over the same ``database`` (the same tables and change feed) acting as another role.
    ///
    /// - Parameter role: The role the new client's requests run as.
    /// - Returns: A client whose ``role`` is `role`.
    public func acting(as role: DatabaseRole) -> InMemoryClient {
        InMemoryClient(database: database, role: role)
    }

    /// Runs `query` on ``database`` as ``role``, atomically.
    ///
    /// - Parameter query: The request.
    /// - Returns: The JSON body PostgREST would send, and the count when the query asked for one.
    /// - Throws: A ``/FitCore/DatabaseError`` with PostgreSQL's or PostgREST's code (`PGRST205` for an unknown table,
    ///   `42703` for an unknown column, `23505`, `23503`, `23514`, `23502`, `42501`, `PGRST116`, or a contract code
    ///   a business rule's code from a function); ``PersistenceError/writeFailed(_:reason:)``
    ///   when the committed write cannot be saved to the file (nothing is committed then); `CancellationError` when the
    ///   task is cancelled.
    public func run(_ query: DatabaseQuery) async throws -> RawResponse {
        try await database.run(query, as: role)
    }

    /// The database's change feed as this client's role sees it.
    ///
    /// - Parameters:
    ///   - table: The table or view to follow.
    ///   - filter: The condition a changed row must meet, or `nil` for every change ``role`` may see.
    /// - Returns: A stream of the changes committed after the call, in commit order, until the consuming task is
    ///   cancelled; it fails at once with ``/FitCore/DatabaseError/unknownTable(_:)`` for a name that is neither a
    ///   table nor a view.
    public func changes(to table: String, where filter: Filter?) -> AsyncThrowingStream<DatabaseChange, any Error> {
        database.changes(to: table, where: filter, as: role)
    }
}
