import Credits
import FitCore
import FitTesting
import Foundation
import Testing

@Suite struct CreditStoreTests {
    let clock = TestClock()

    private func makeStore() async throws -> (CreditsStore, FitFixture) {
        let seed = try await FitFixture.make(clock: clock)
        return (CreditsStore(queries: CreditsQueries(client: seed.client(as: seed.alice))), seed)
    }

    @Test func signedOutMembersSeeTheError() async throws {
        let seed = try await FitFixture.make(clock: clock)
        let store = CreditsStore(queries: CreditsQueries(client: seed.database.client(as: .anonymous)))
        await store.load()
        #expect((store.error as? DatabaseError)?.code == "FB009")
    }
}
