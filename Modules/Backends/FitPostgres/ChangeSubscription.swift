#if Postgres
    import FitCore
    import Foundation

    /// One subscriber's view of the change feed: turns the notifications that concern its table or view into the
    /// changes its role may see, by reading them back as that role through the same ``PostgresDatabase`` (so
    /// row-level security and the filter apply exactly as for any read).
    struct ChangeSubscription: Sendable {
        let database: PostgresDatabase
        let route: ChangeRoute
        let filter: Filter?
        /// The followed relation's column types, to decide the filter on what a notification names.
        let columnTypes: [String: String]

        /// A subscription to `table` for `database`'s role; throws as a read of `table` with `filter` would (an
        /// unknown table or column), or when `table` has no change feed.
        init(database: PostgresDatabase, table: String, filter: Filter?) async throws {
            let catalog = try await database.backend.catalog()
            let relation = try catalog.relation(table)
            // Compiling the read checks the filter's columns and operators now, not at the first change.
            _ = try QueryCompiler(catalog: catalog).compile(
                DatabaseQuery(target: table, operation: .select, filters: filter.map { [$0] } ?? []))
            self.database = database
            self.route = try ChangeRoute.route(for: relation, in: catalog, feeds: database.backend.viewFeeds)
            self.filter = filter
            self.columnTypes = relation.columnTypes
        }

        /// The changes `notification` makes to what the subscriber sees, in the relation's key order; none when it
        /// does not concern the relation, the subscriber may not see the row, or the filter excludes it.
        func changes(for notification: ChangeNotification) async throws -> [DatabaseChange] {
            guard let effect = route.effect(of: notification) else { return [] }
            switch effect {
            case .reload:
                return [.missedChanges(table: route.target)]
            case .delete(let key, let owner):
                // The row is gone, so nothing can be read back: its key goes only to whoever may see the row —
                // everyone for a shared table, the owner (and the service role) for a member's row.
                guard mayKnow(owner: owner), filter?.holds(forKnown: key, types: columnTypes) != false else {
                    return []
                }
                return [.row(kind: .delete, table: route.target, key: key, row: nil)]
            case .fetch(let kind, let rows, let known):
                if filter?.holds(forKnown: known, types: columnTypes) == false { return [] }
                return try await fetch(rows).map { row in
                    var key: [String: JSONValue] = [:]
                    for column in route.keyColumns { key[column] = row[column] ?? .null }
                    return .row(kind: kind, table: route.target, key: key, row: row)
                }
            }
        }

        /// Whether the subscriber may learn the key of a row owned by `owner` (`nil`: a shared row).
        private func mayKnow(owner: UUID?) -> Bool {
            guard let owner else { return true }
            switch database.role {
            case .service: return true
            case .anonymous: return false
            case .member(let id): return id == owner
            }
        }

        /// The rows matching `rows` (and the filter) as the subscriber reads them now.
        private func fetch(_ rows: [Filter]) async throws -> [JSONValue] {
            let query = DatabaseQuery(
                target: route.target, operation: .select, filters: rows + (filter.map { [$0] } ?? []),
                order: route.keyColumns.map { OrderTerm(column: $0) })
            let response = try await database.run(query)
            return try JSONDecoder().decode([JSONValue].self, from: response.data)
        }
    }
#endif
