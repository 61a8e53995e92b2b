#if Postgres
    import FitCore
    import FitKitTestSupport
    import FitInMemory
    import FitPostgres
    import FitTesting
    import Foundation
    import Testing

    /// FitTesting's query-semantics table, run on PostgreSQL and on the in-memory database: both must give
    /// the documented outcome. Serialized: every case reinstalls the semantics tables from their SQL.
    @Suite("Query semantics on PostgreSQL and in memory", .serialized, PostgresTestEnvironment.enabled)
    struct QuerySemanticsParityTests {
        @Test("both backends give the documented outcome", arguments: QuerySemantics.cases)
        func sameOutcome(_ semanticsCase: QuerySemanticsCase) async throws {
            try await PostgresTestEnvironment.runScript(QuerySemantics.postgresSQL)
            let onPostgres = try await PostgresTestEnvironment.withDatabase(maximumConnections: 2) { database in
                await semanticsCase.run(on: database)
            }
            let memory = try InMemoryDatabase()
            try await QuerySemantics.install(on: memory)
            let inMemory = await semanticsCase.run(on: memory.client(as: .service))
            #expect(onPostgres == semanticsCase.expectedOutcomes, "PostgreSQL")
            #expect(inMemory == semanticsCase.expectedOutcomes, "in memory")
        }
    }
#endif
