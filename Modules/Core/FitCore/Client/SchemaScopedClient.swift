/// A client whose requests address another schema than the default, as `client.schema("reporting")` returns it
/// (supabase-swift's `schema(_:)`). FitKit's backends expose `public` only: any other schema is `PGRST106`.
public struct SchemaScopedClient<Base: DatabaseClient>: DatabaseClient {
    /// The client the requests go through.
    public let base: Base
    /// The schema every request names.
    public let schema: String

    /// A client addressing `schema` through `base`.
    ///
    /// - Parameters:
    ///   - base: The client the requests go through.
    ///   - schema: The schema every request names.
    public init(base: Base, schema: String) {
        self.base = base
        self.schema = schema
    }

    /// The base client's role.
    public var role: DatabaseRole { base.role }

    /// The same schema, acting as `role`.
    ///
    /// - Parameter role: The role to act as.
    /// - Returns: A client addressing the same schema as `role`.
    public func acting(as role: DatabaseRole) -> SchemaScopedClient<Base> {
        SchemaScopedClient(base: base.acting(as: role), schema: schema)
    }

    /// Runs `query` on the base client with its schema set.
    ///
    /// - Parameter query: The request.
    /// - Returns: The base client's answer.
    /// - Throws: What the base client throws: `PGRST106` for a schema it does not expose.
    public func run(_ query: DatabaseQuery) async throws -> RawResponse {
        var scoped = query
        scoped.schema = schema
        return try await base.run(scoped)
    }

    /// The base client's change feed, in this schema where the base can follow another schema
    /// (``SchemaAwareChangeFeed``).
    ///
    /// - Parameters:
    ///   - table: The table or view to follow.
    ///   - filter: Which rows to follow; `nil` for all.
    /// - Returns: The base client's stream of changes.
    public func changes(to table: String, where filter: Filter?) -> AsyncThrowingStream<DatabaseChange, any Error> {
        if let aware = base as? any SchemaAwareChangeFeed {
            return aware.changes(to: table, inSchema: schema, where: filter)
        }
        return base.changes(to: table, where: filter)
    }
}

extension DatabaseClient {
    /// This client addressing another schema (supabase-swift's `schema(_:)`): `client.schema("public").from(…)`.
    ///
    /// - Parameter schema: The schema the requests name.
    /// - Returns: A client whose every request names `schema` (usable wherever an `any DatabaseClient` is, as Queries
    ///   hold theirs).
    public func schema(_ schema: String) -> any DatabaseClient {
        SchemaScopedClient(base: self, schema: schema)
    }
}
