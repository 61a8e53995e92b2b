import FitInMemory
import FitTesting

#if Postgres
    import FitPostgres
#endif

extension ScenarioSession {
    /// The catalog of this session's database for `schema` (a feature's Swift mirror), when the session runs on
    /// PostgreSQL: what a feature's test compares with the snapshot it commits (``/FitTesting/CatalogSnapshot``).
    ///
    /// - Parameter schema: The feature's mirror: its tables, views and triggers.
    /// - Returns: The snapshot, or `nil` on any other backend.
    /// - Throws: What `CatalogSnapshot.read(from:for:)` throws.
    public func postgresCatalog(for schema: InMemorySchema) async throws -> CatalogSnapshot? {
        #if Postgres
            guard let database = service as? PostgresDatabase else { return nil }
            return try await CatalogSnapshot.read(from: database, for: schema)
        #else
            return nil
        #endif
    }
}
