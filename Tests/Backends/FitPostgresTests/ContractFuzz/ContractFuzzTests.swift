#if Postgres
    import Foundation
    import ScenarioBackends
    import Testing

    /// The contract fuzzed on both engines from the same seeds (``ContractFuzzer``). In the test run: a few dozen
    /// short sequences from fixed seeds. `scripts/contract-fuzz.sh` runs many more, from a seed it prints.
    @Suite("The contract on the embedded database and on PostgreSQL, fuzzed", PostgresTestEnvironment.enabled)
    struct ContractFuzzTests {
        static let environment = ProcessInfo.processInfo.environment
        /// `FITKIT_CONTRACT_FUZZ_SEQUENCES` (40), `FITKIT_CONTRACT_FUZZ_OPERATIONS` (30 per sequence) and
        /// `FITKIT_CONTRACT_FUZZ_SEED` (the first sequence's seed; each next one adds 1).
        static let sequences = environment["FITKIT_CONTRACT_FUZZ_SEQUENCES"].flatMap(Int.init) ?? 40
        static let operations = environment["FITKIT_CONTRACT_FUZZ_OPERATIONS"].flatMap(Int.init) ?? 30
        static let firstSeed = environment["FITKIT_CONTRACT_FUZZ_SEED"].flatMap(UInt64.init) ?? 1

        @Test("every answer and every table the same on both, sequence by sequence")
        func sameAnswersOnBoth() async throws {
            try await PostgresTestEnvironment.withDatabase { database in
                let fuzzer = ContractFuzzer.make(postgres: database)
                do {
                    try await fuzzer.check(
                        sequences: Self.sequences, operations: Self.operations, firstSeed: Self.firstSeed)
                } catch let divergence as DifferentialFuzzer<ContractFuzzOperation>.Divergence {
                    Issue.record("\(divergence)")
                    return
                }
                print(
                    "contract fuzz: \(Self.sequences) sequences of \(Self.operations) operations from seed \(Self.firstSeed), 0 divergences"
                )
            }
        }

        @Test("a planted divergence is found and shrunk to the one operation that shows it")
        func plantedDivergenceIsShrunk() async throws {
            try await PostgresTestEnvironment.withDatabase { database in
                var fuzzer = ContractFuzzer.make(postgres: database)
                // The embedded database answers member 2's bookings differently.
                fuzzer.planted = { operation, answer in
                    if case .book(member: 2, _) = operation { return answer + " (planted)" }
                    return answer
                }
                var found: DifferentialFuzzer<ContractFuzzOperation>.Divergence?
                for seed in UInt64(1)...20 where found == nil {
                    do {
                        try await fuzzer.check(seed: seed, operations: 30)
                    } catch let divergence as DifferentialFuzzer<ContractFuzzOperation>.Divergence {
                        found = divergence
                    }
                }
                let divergence = try #require(found)
                #expect(divergence.operations.count == 1, "\(divergence)")
                guard case .book(member: 2, _)? = divergence.operations.last else {
                    Issue.record("not the planted operation: \(divergence)")
                    return
                }
                #expect(divergence.candidate == divergence.reference + " (planted)")
            }
        }
    }
#endif
