import FitContract
import FitCore
import Foundation
import ScenarioBackends
import Testing

/// Every query and function call the feature modules send (``FeatureParityScenarios``), written once and run on
/// every backend over the same seed and instant: each backend's lines (values, or error code and message) equal the
/// embedded database's. Members' requests reach the backend as their apps' would (over HTTP on FitSupabase).
@Suite(.timeLimit(.minutes(10))) struct FeatureQueryParityTests {
    static let cases: [(ParityScenario, ScenarioBackend)] = FeatureParityScenarios.all.flatMap { scenario in
        ScenarioBackend.available.filter { $0 != .inMemory }.map { (scenario, $0) }
    }

    @Test("each backend answers as the embedded database does", arguments: cases)
    func answersAsTheEmbeddedDatabase(_ scenario: ParityScenario, backend: ScenarioBackend) async throws {
        let parity = DatedSeed()
        let (seed, now) = (parity.seed, parity.now)
        var expected: [String] = []
        try await ScenarioBackend.inMemory.with(seed: seed, now: now) { session in
            expected = await scenario.run(parity, session.routed)
        }
        var answered: [String] = []
        try await backend.with(seed: seed, now: now) { session in
            answered = await scenario.run(parity, session.routed)
        }
        #expect(!expected.isEmpty)
        #expect(answered == expected)
    }
}
