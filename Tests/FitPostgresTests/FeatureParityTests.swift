#if Postgres
    import FitCore
    import FitPostgres
    import Foundation
    import Testing

    /// Every feature flow in ``FeatureParityScenarios`` on PostgreSQL and in memory, over the same seed:
    /// identical results and identical errors.
    @Suite("Feature queries give the same answers on PostgreSQL and in memory", PostgresTestEnvironment.enabled)
    struct FeatureParityTests {
        @Test("both backends agree", arguments: FeatureParityScenarios.all)
        func bothBackendsAgree(_ scenario: ParityScenario) async throws {
            let seed = FreshSeed()
            let memory = try FreshSeed.inMemoryDatabase()
            try await seed.install(using: memory.client(as: .service))
            let inMemory = await scenario.run(seed, memory.client(as: .service))
            let onPostgres = try await PostgresTestEnvironment.withDatabase(maximumConnections: 2) { database in
                try await seed.install(using: database)
                return await scenario.run(seed, database)
            }
            #expect(!inMemory.isEmpty)
            #expect(onPostgres == inMemory)
        }
    }
#endif
