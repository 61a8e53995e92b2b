import FitContract
import Foundation
import Memberships
import MembershipsContract
import ScenarioBackends

extension ScenarioBackend {
    /// Runs `body` with a database that has FitKit's features, the sample feature and FitKit's seed (with the sample
    /// feature's rows): Alice and Bob each have a monthly and a yearly plan.
    ///
    /// - Parameters:
    ///   - seed: The seed's ids; fresh by default (two backends compared in one scenario get the same).
    ///   - now: What the seed is written relative to.
    func withMemberships(
        seed: FitKitSeed = .fresh(), now: Date = Date(), _ body: (ScenarioSession) async throws -> Void
    ) async throws {
        try await with(
            seed: seed, now: now, features: MembershipsContract.features,
            migrations: [("0100_memberships.sql", try MembershipsContract.migrationSQL())], body)
    }
}

extension ScenarioSession {
    /// Alice, one of the seed's test members.
    var alice: UUID { seed.alice.id }
    /// Bob, one of the seed's test members.
    var bob: UUID { seed.bob.id }

    /// The memberships store of `member`.
    func store(for member: UUID) -> MembershipsStore {
        MembershipsStore(queries: MembershipsQueries(client: client(member)))
    }
}
