import FitCore

/// A ``DatabaseClient`` over an ``InMemoryDatabase``, acting as one role.
public struct InMemoryClient: DatabaseClient {
    /// The database this client talks to.
    public let database: InMemoryDatabase
    public let role: DatabaseRole

    public func acting(as role: DatabaseRole) -> InMemoryClient {
        InMemoryClient(database: database, role: role)
    }

    public func run(_ query: DatabaseQuery) async throws -> RawResponse {
        try await database.run(query, as: role)
    }

    /// The database's change feed as this client's role sees it.
    public func changes(to table: String, where filter: Filter?) -> AsyncThrowingStream<DatabaseChange, any Error> {
        database.changes(to: table, where: filter, as: role)
    }
}
