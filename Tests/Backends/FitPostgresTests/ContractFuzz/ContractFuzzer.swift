#if Postgres
    import FitContract
    import FitCore
    import FitInMemory
    import FitPostgres
    import Foundation
    import ScenarioBackends

    /// FitKit's contract fuzzed on the embedded database (the candidate) and PostgreSQL (the reference): random
    /// sequences of ``ContractFuzzOperation`` on a fresh ``ContractFuzzWorld`` each, compared by
    /// `DifferentialFuzzer` (FitScenarioTesting), which an app's feature uses the same way.
    enum ContractFuzzer {
        /// The fuzzer over `postgres`. `FITKIT_CONTRACT_FUZZ_TRACE=1` prints every step's answer.
        static func make(postgres: PostgresDatabase) -> DifferentialFuzzer<ContractFuzzOperation> {
            DifferentialFuzzer(
                tracing: ProcessInfo.processInfo.environment["FITKIT_CONTRACT_FUZZ_TRACE"] == "1",
                operation: { random in
                    ContractFuzzOperation.random(
                        using: &random, members: ContractFuzzWorld.memberCount,
                        sessions: ContractFuzzWorld.sessionCount)
                },
                sides: { seed, run in
                    var layout = FuzzRandom(seed: seed ^ 0x5EED)
                    let world = try ContractFuzzWorld(
                        layout: &layout, exercises: try await catalogueExercises(in: postgres))
                    let memory = try InMemoryDatabase.embedded(now: { Date() })
                    try await world.install(on: memory.client(as: .service), withExercises: true)
                    try await world.install(on: postgres.acting(as: .service), withExercises: false)
                    let embedded = ContractFuzzSide(world: world) { memory.client(as: $0) }
                    let server = ContractFuzzSide(world: world) { postgres.acting(as: $0) }
                    try await run(.init(candidate: embedded.side, reference: server.side))
                })
        }

        /// The first ``ContractFuzzWorld/exerciseCount`` exercises of PostgreSQL's catalogue, as rows to install in
        /// the embedded database: the catalogue is public and other tests read all of it on the shared server, so a
        /// run adds no exercise there.
        private static func catalogueExercises(in postgres: PostgresDatabase) async throws -> [JSONValue] {
            let read = try await postgres.acting(as: .service).from("exercises").select().order("position")
                .limit(ContractFuzzWorld.exerciseCount)
                .executeRaw()
            guard case .array(let rows) = try JSONValue(json: read.data), rows.count == ContractFuzzWorld.exerciseCount
            else {
                throw ContractFuzzWorld.NoCatalogue()
            }
            return rows
        }
    }
#endif
