#if Postgres
    import FitContract
    import FitCore
    import FitInMemory
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

        @Test(
            "every table's columns (types, nullability, defaults), keys, foreign keys, security and policies, and every view's column types, are as the mirror declares them"
        )
        func catalogMatchesTheMirror() async throws {
            try await PostgresTestEnvironment.withDatabase { database in
                var differences: [String] = []
                for table in FitKitContract.schema.exposedTables {
                    differences += CatalogDifferences.between(
                        try await TableFacts.read(table.name, from: database), table)
                }
                for view in FitKitContract.schema.views {
                    differences += CatalogDifferences.between(
                        try await TableFacts.read(view.name, from: database), view)
                }
                // Exactly the differences kept on purpose: none new, and none that has gone without its entry going.
                #expect(differences.sorted() == CatalogDifferences.known.keys.sorted())
            }
        }

        /// The comparison finds each kind of difference: a table whose mirror is changed in one item, or whose
        /// catalog facts lose a policy, gives exactly the line for that item.
        @Test("a planted difference of each kind is found")
        func plantedDifferencesAreFound() async throws {
            try await PostgresTestEnvironment.withDatabase { database in
                let sessions = try #require(FitKitContract.schema.tables.first { $0.name == "class_sessions" })
                let bookings = try #require(FitKitContract.schema.tables.first { $0.name == "bookings" })
                let sessionFacts = try await TableFacts.read("class_sessions", from: database)
                let bookingFacts = try await TableFacts.read("bookings", from: database)
                #expect(CatalogDifferences.between(sessionFacts, sessions) == [])
                #expect(CatalogDifferences.between(bookingFacts, bookings) == [])

                func planted(_ table: TableSchema, _ change: (inout TableSchema) -> Void) -> TableSchema {
                    var table = table
                    change(&table)
                    return table
                }
                let position = try #require(sessions.index(of: "credit_cost"))
                let cases: [(TableSchema, TableFacts, String)] = [
                    (planted(sessions) { $0.columns[position].type = .integer }, sessionFacts, "type integer"),
                    (planted(sessions) { $0.columns[position].isNullable = true }, sessionFacts, "nullable"),
                    (
                        planted(sessions) { $0.columns[position].defaultValue = .value(.integer(1)) }, sessionFacts,
                        "default 1"
                    ),
                    (
                        planted(bookings) {
                            $0.foreignKeys = $0.foreignKeys.map {
                                ForeignKey($0.column, references: $0.referencedTable)
                            }
                        },
                        bookingFacts, "on delete no action"
                    ),
                ]
                for (table, facts, expected) in cases {
                    let found = CatalogDifferences.between(facts, table)
                    #expect(found.count == 1 && found.allSatisfy { $0.contains(expected) }, "\(found)")
                }
                var withoutPolicy = bookingFacts
                withoutPolicy.policies = []
                #expect(
                    CatalogDifferences.between(withoutPolicy, bookings) == [
                        "bookings: no policy lets a member read the rows whose member_id is theirs"
                    ])
            }
        }

        @Test("the mirror runs each table's triggers in the order PostgreSQL fires them, and a reordering is found")
        func triggersRunInPostgreSQLsOrder() async throws {
            try await PostgresTestEnvironment.withDatabase { database in
                let found = try await TableFacts.triggers(in: database)
                let declared = FitKitContract.schema.triggers
                #expect(CatalogDifferences.triggerOrder(found, declared) == [])
                #expect(found["class_sessions"]?.count ?? 0 >= 2, "\(found)")
                // Planted: the class_sessions triggers in the reverse order.
                let onSessions = declared.filter { $0.table == "class_sessions" }
                let reordered = declared.filter { $0.table != "class_sessions" } + onSessions.reversed()
                let differences = CatalogDifferences.triggerOrder(found, reordered)
                #expect(differences.count == 1 && differences.allSatisfy { $0.hasPrefix("class_sessions: triggers") })
            }
        }
    }
#endif
