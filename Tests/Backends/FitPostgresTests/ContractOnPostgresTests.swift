#if Postgres
    import FitContract
    import FitCore
    import FitKitTestSupport
    import Foundation
    import FitInMemory
    @testable import FitPostgres
    import FitTesting
    import ScenarioBackends
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

        /// `Backend/catalog.json` is what the migrations give PostgreSQL; FitContract's tests check the Swift mirror
        /// against it. `FITKIT_WRITE_CATALOG_SNAPSHOT=1` writes it instead, after a migration changed the catalog.
        @Test("the committed catalog snapshot is the migrated database's catalog")
        func snapshotIsTheMigratedCatalog() async throws {
            try await PostgresTestEnvironment.withDatabase { database in
                let found = try await CatalogSnapshot.read(from: database, for: FitKitContract.schema)
                if ProcessInfo.processInfo.environment["FITKIT_WRITE_CATALOG_SNAPSHOT"] == "1" {
                    try found.write(to: FitKitCatalog.url)
                    return
                }
                let committed = try FitKitCatalog.committed()
                let stale = Set(found.relations.keys).union(committed.relations.keys).sorted().filter {
                    found.relations[$0] != committed.relations[$0]
                }
                #expect(
                    stale == [],
                    "\(FitKitCatalog.path) differs from the migrated database for these relations; after changing a migration, run the PostgreSQL tests with FITKIT_WRITE_CATALOG_SNAPSHOT=1"
                )
                #expect(found.triggers == committed.triggers, "the triggers in \(FitKitCatalog.path)")
            }
        }
    }
#endif
