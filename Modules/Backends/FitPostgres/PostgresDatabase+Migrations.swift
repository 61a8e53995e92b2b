#if Postgres
    import Foundation

    extension PostgresDatabase {
        /// Applies the `*.sql` migrations of `directory` not yet applied (see ``PostgresMigrator``) and reloads the
        /// schema cache; returns the names of the files applied.
        ///
        /// - Parameter directory: The migrations directory, e.g. `Backend/migrations`.
        /// - Returns: The names of the files this call applied, in order; empty when all were applied before.
        /// - Throws: The ``PostgresMigrationError`` of ``PostgresMigrator/init(directory:)`` or
        ///   ``PostgresMigrator/migrate(_:)``, or a ``/FitCore/DatabaseError`` when the server cannot be reached.
        @discardableResult
        public func migrate(from directory: URL) async throws -> [String] {
            try await PostgresMigrator(directory: directory).migrate(self)
        }
    }
#endif
