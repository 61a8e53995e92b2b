#if Postgres
    import FitContract
    import FitCore
    import FitInMemory
    import FitPostgres
    import Foundation

    /// Runs the same random sequence of contract operations on the embedded database and on PostgreSQL and compares
    /// every answer (rows, or the error's code and message) and, at the end, every table the run wrote. A sequence
    /// comes from its seed, so a divergence is replayed from the seed it prints; before printing, the sequence is
    /// shrunk to the shortest one (removing one operation at a time) that still diverges.
    struct ContractFuzzer {
        let postgres: FitPostgres.PostgresDatabase
        /// Prints every step's answer (`FITKIT_CONTRACT_FUZZ_TRACE=1`), to see what a sequence does.
        var tracing = ProcessInfo.processInfo.environment["FITKIT_CONTRACT_FUZZ_TRACE"] == "1"
        /// Changes the embedded database's answer to an operation: a planted divergence, for the test that checks the
        /// fuzzer finds and shrinks one.
        var planted: (@Sendable (ContractFuzzOperation, String) -> String)?

        /// Where the two backends first disagreed.
        struct Divergence: Error, CustomStringConvertible {
            var seed: UInt64
            var operations: [ContractFuzzOperation]
            /// The operation's index, or `nil` for the tables at the end.
            var step: Int?
            var embedded: String
            var postgres: String

            var description: String {
                let steps = operations.enumerated().map { "  \($0.offset): \($0.element)" }.joined(separator: "\n")
                let place = step.map { "step \($0)" } ?? "the tables at the end"
                return """
                    the embedded database and PostgreSQL differ at \(place) (seed \(seed), \(operations.count) operations):
                    \(steps)
                      embedded:   \(embedded)
                      PostgreSQL: \(postgres)
                    """
            }
        }

        /// The operations of the sequence with `seed`.
        static func operations(seed: UInt64, count: Int) -> [ContractFuzzOperation] {
            var random = FuzzRandom(seed: seed)
            return (0..<count).map { _ in
                ContractFuzzOperation.random(
                    using: &random, members: ContractFuzzWorld.memberCount, sessions: ContractFuzzWorld.sessionCount)
            }
        }

        /// Runs the sequence with `seed`; throws its shortest diverging form when the backends disagree.
        func check(seed: UInt64, operations count: Int) async throws {
            let operations = Self.operations(seed: seed, count: count)
            guard var divergence = try await divergence(seed: seed, operations) else { return }
            var index = divergence.operations.count - 1
            while index >= 0 {
                var shorter = divergence.operations
                shorter.remove(at: index)
                if let still = try await self.divergence(seed: seed, shorter) { divergence = still }
                index = min(index, divergence.operations.count) - 1
            }
            throw divergence
        }

        /// The first ``ContractFuzzWorld/exerciseCount`` exercises of PostgreSQL's catalogue, as rows to install in the embedded database: the
        /// catalogue is public and other tests read all of it on the shared server, so a run adds no exercise there.
        private func catalogueExercises() async throws -> [JSONValue] {
            let read = try await postgres.acting(as: .service).from("exercises").select().order("position")
                .limit(ContractFuzzWorld.exerciseCount)
                .executeRaw()
            guard case .array(let rows) = try JSONValue(json: read.data), rows.count == ContractFuzzWorld.exerciseCount
            else {
                throw ContractFuzzWorld.NoCatalogue()
            }
            return rows
        }

        /// Runs `operations` on a fresh world on both backends; the first disagreement, or `nil`.
        func divergence(seed: UInt64, _ operations: [ContractFuzzOperation]) async throws -> Divergence? {
            var layout = FuzzRandom(seed: seed ^ 0x5EED)
            let world = try ContractFuzzWorld(layout: &layout, exercises: try await catalogueExercises())
            let memory = try InMemoryDatabase.embedded(now: { Date() })
            try await world.install(on: memory.client(as: .service), withExercises: true)
            try await world.install(on: postgres.acting(as: .service), withExercises: false)
            let embedded = ContractFuzzSide(world: world) { memory.client(as: $0) }
            let server = ContractFuzzSide(world: world) { [postgres] in postgres.acting(as: $0) }
            for (step, operation) in operations.enumerated() {
                var left = await embedded.run(operation)
                if let planted { left = planted(operation, left) }
                let right = await server.run(operation)
                if tracing { print("seed \(seed) step \(step): \(operation) → \(left)") }
                if left != right {
                    return Divergence(
                        seed: seed, operations: Array(operations[...step]), step: step, embedded: left, postgres: right)
                }
            }
            let left = await embedded.tables()
            let right = await server.tables()
            for (mine, theirs) in zip(left, right) where mine != theirs {
                return Divergence(seed: seed, operations: operations, step: nil, embedded: mine, postgres: theirs)
            }
            return nil
        }
    }
#endif
