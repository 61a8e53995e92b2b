/// A client whose change feed can follow a table of another schema than its default (Supabase Realtime's `schema`):
/// ``SchemaScopedClient`` follows through it, so `client.schema("reporting").changes(to: …)` names that schema.
public protocol SchemaAwareChangeFeed: DatabaseClient {
    /// The committed changes to `table` in `schema`.
    ///
    /// - Parameters:
    ///   - table: The table or view to follow.
    ///   - schema: The schema it is in.
    ///   - filter: Which rows to follow; `nil` for all.
    /// - Returns: The stream of changes, until the caller's task is cancelled.
    func changes(to table: String, inSchema schema: String, where filter: Filter?)
        -> AsyncThrowingStream<DatabaseChange, any Error>
}
