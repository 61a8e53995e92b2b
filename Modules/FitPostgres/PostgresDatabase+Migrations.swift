#if Postgres
    import Foundation

    extension PostgresDatabase {
        /// Applies the `*.sql` migrations of `directory` not yet applied (see ``PostgresMigrator``) and reloads the
        /// schema cache; returns the names of the files applied.
        @discardableResult
        public func migrate(from directory: URL) async throws -> [String] {
            try await PostgresMigrator(directory: directory).migrate(self)
        }
    }
#endif
