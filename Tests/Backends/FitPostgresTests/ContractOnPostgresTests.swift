#if Postgres
    import FitContract
    import FitCore
    @testable import FitPostgres
    import Testing

    /// The migrations give PostgreSQL what FitContract declares: a forgotten change trigger fails here, not at a
    /// store's `follow()`.
    @Suite("The contract's declarations on PostgreSQL", PostgresTestEnvironment.enabled)
    struct ContractOnPostgresTests {
        @Test("every table of the contract has the change-feed trigger, and every declared view can be followed")
        func everyTableNotifiesAndEveryViewFeedRoutes() async throws {
            try await PostgresTestEnvironment.withDatabase { database in
                let catalog = try await database.backend.catalog()
                let tables = FitKitContract.schema.exposedTables.map(\.name)
                #expect(tables.filter { !catalog.notifyingTables.contains($0) } == [])
                for feed in FitKitContract.viewFeeds {
                    let route = try ChangeRoute.route(
                        for: try catalog.relation(feed.view), in: catalog, feeds: FitKitContract.viewFeeds)
                    #expect(route.keyColumns == feed.key)
                }
            }
        }

        @Test("every table and view of the contract exists with the columns its Swift mirror declares")
        func mirrorMatchesTheMigrations() async throws {
            try await PostgresTestEnvironment.withDatabase { database in
                let catalog = try await database.backend.catalog()
                let schema = FitKitContract.schema
                let declared =
                    schema.exposedTables.map { ($0.name, $0.columns.map(\.name)) }
                    + schema.views.map { ($0.name, $0.columns.map(\.name)) }
                for (name, columns) in declared {
                    let relation = try catalog.relation(name)
                    #expect(Set(relation.columnNames) == Set(columns), "\(name)")
                }
            }
        }
    }
#endif
