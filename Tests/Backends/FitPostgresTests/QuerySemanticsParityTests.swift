#if Postgres
    import FitCore
    import FitKitTestSupport
    import FitInMemory
    import FitPostgres
    import FitTesting
    import Foundation
    import Testing

    /// FitTesting's query-semantics table, run on PostgreSQL and on the in-memory database: both must give
    /// the documented outcome. Serialized: a case that may write leaves the semantics tables to be reinstalled from
    /// their SQL before the next one; a case that only reads leaves them as they were (the suite was the test run's
    /// longest, reinstalling before each of its 330 cases). Every case goes through one pool (``SuiteDatabase``),
    /// which reads the schema again after each reinstall, as PostgREST does when told to reload it.
    @Suite(
        "Query semantics on PostgreSQL and in memory", .serialized, PostgresTestEnvironment.enabled, .suiteDatabase())
    struct QuerySemanticsParityTests {
        /// Whether the tables must be installed again before the next case: at first, and after a case that may write.
        static let needsInstall = LockedState(true)

        /// Whether a case may change the semantics tables: any step that is not a select or a read-only call.
        static func mayWrite(_ semanticsCase: QuerySemanticsCase) throws -> Bool {
            let client = try InMemoryDatabase().client(as: .service)
            return semanticsCase.steps.contains { step in
                let query = step.request(client).query
                return query.operation != .select && !(query.operation == .rpc && query.isReadOnly)
            }
        }

        @Test("both backends give the documented outcome", arguments: QuerySemantics.cases)
        func sameOutcome(_ semanticsCase: QuerySemanticsCase) async throws {
            let database = try #require(SuiteDatabase.current)
            if Self.needsInstall.value {
                try await PostgresTestEnvironment.runScript(QuerySemantics.postgresSQL)
                try await database.reloadSchema()
            }
            // Set before the case runs: a case that fails half-way leaves the tables reinstalled for the next.
            let mayWrite = try Self.mayWrite(semanticsCase)
            Self.needsInstall.withLock { $0 = mayWrite }
            let onPostgres = await semanticsCase.run(on: database)
            let memory = try InMemoryDatabase()
            try await QuerySemantics.install(on: memory)
            let inMemory = await semanticsCase.run(on: memory.client(as: .service))
            #expect(onPostgres == semanticsCase.expectedOutcomes, "PostgreSQL")
            #expect(inMemory == semanticsCase.expectedOutcomes, "in memory")
        }
    }
#endif
