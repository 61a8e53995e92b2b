import FitContract
import Foundation
import ScenarioBackends
import Testing

/// The feature's part of the contract fuzzed on the embedded database and on PostgreSQL from the same seeds, as FitKit
/// fuzzes its own (`DifferentialFuzzer`): each sequence runs on two fresh scenario sessions with the same seed, and
/// every answer and both tables at the end must be the same. `MEMBERSHIPS_FUZZ_SEQUENCES` runs more, and
/// `MEMBERSHIPS_FUZZ_TRACE=1` prints every answer.
@Suite(
    "The feature on the embedded database and on PostgreSQL, fuzzed",
    .enabled(if: ScenarioBackend.available.contains(.postgres), "needs FITKIT_DATABASE_URL"), .timeLimit(.minutes(5)))
struct MembershipsFuzzTests {
    static let sequences = ProcessInfo.processInfo.environment["MEMBERSHIPS_FUZZ_SEQUENCES"].flatMap(Int.init) ?? 12

    static func fuzzer() -> DifferentialFuzzer<MembershipsFuzzOperation> {
        DifferentialFuzzer(
            tracing: ProcessInfo.processInfo.environment["MEMBERSHIPS_FUZZ_TRACE"] == "1",
            operation: { MembershipsFuzzOperation.random(using: &$0) },
            sides: { _, run in
                let seed = FitKitSeed.fresh()
                let now = Date()
                try await ScenarioBackend.inMemory.withMemberships(seed: seed, now: now) { embedded in
                    try await ScenarioBackend.postgres.withMemberships(seed: seed, now: now) { server in
                        try await run(
                            .init(
                                candidate: MembershipsFuzzSide(session: embedded).side,
                                reference: MembershipsFuzzSide(session: server).side))
                    }
                }
            })
    }

    @Test("every answer and both tables the same on both, sequence by sequence")
    func sameAnswersOnBoth() async throws {
        do {
            try await Self.fuzzer().check(sequences: Self.sequences, operations: 25, firstSeed: 1)
        } catch let divergence as DifferentialFuzzer<MembershipsFuzzOperation>.Divergence {
            Issue.record("\(divergence)")
        }
    }

    @Test("a planted divergence is found and shrunk to the one operation that shows it")
    func plantedDivergenceIsShrunk() async throws {
        var fuzzer = Self.fuzzer()
        // The embedded database answers member 1's overview differently.
        fuzzer.planted = { operation, answer in
            if case .readOverview(member: 1) = operation { return answer + " (planted)" }
            return answer
        }
        let error = await #expect(throws: DifferentialFuzzer<MembershipsFuzzOperation>.Divergence.self) {
            try await fuzzer.check(sequences: 4, operations: 25, firstSeed: 1)
        }
        let divergence = try #require(error)
        #expect(divergence.operations.count == 1, "\(divergence)")
        guard case .readOverview(member: 1)? = divergence.operations.last else {
            Issue.record("not the planted operation: \(divergence)")
            return
        }
        #expect(divergence.candidate == divergence.reference + " (planted)")
    }
}
