import Credits
import FitCore
import FitTesting
import Foundation
import Testing

@Suite struct CreditStoreTests {
    let clock = TestClock()

    private func makeStore() async throws -> (CreditStore, BookingFixtures.Seed) {
        let seed = try await BookingFixtures.makeDatabase(clock: clock)
        return (CreditStore(queries: CreditQueries(client: seed.client(for: seed.alice))), seed)
    }

    @Test func firstLoadThenRefetchKeepTheSummaryVisible() async throws {
        let (store, seed) = try await makeStore()
        seed.database.setLatency(.seconds(1))
        let first = Task { await store.load() }
        await clock.waitForSleepers(count: 1)
        #expect(store.isLoading && store.summary == nil)
        clock.advance(by: .seconds(1))
        await first.value
        #expect(store.summary == CreditSummary(balance: 20) && !store.isLoading)
        #expect(seed.database.requests.count == 1)

        seed.database.setLatency(.zero)
        try await BookingFixtures.addCredits(to: seed.database, member: seed.alice, amount: 5)
        seed.database.setLatency(.seconds(1))
        let second = Task { await store.refresh() }
        await clock.waitForSleepers(count: 1)
        #expect(store.isRefetching && store.summary?.balance == 20)
        clock.advance(by: .seconds(1))
        await second.value
        #expect(store.summary?.balance == 25 && !store.isRefetching)
    }

    @Test func aFailedLoadKeepsTheSummary() async throws {
        let (store, seed) = try await makeStore()
        await store.load()
        seed.database.injectFault(.error(DatabaseError(code: "08006", message: "connection lost")))
        await store.load()
        #expect(store.summary?.balance == 20)
        #expect((store.error as? DatabaseError)?.code == "08006")
        await store.load()
        #expect(store.error == nil)
    }

    @Test func aCancelledLoadChangesNothing() async throws {
        let (store, seed) = try await makeStore()
        seed.database.injectFault(.cancellation)
        await store.load()
        #expect(store.summary == nil && store.error == nil && !store.isLoading)
    }

    @Test func signedOutMembersSeeTheError() async throws {
        let seed = try await BookingFixtures.makeDatabase(clock: clock)
        let store = CreditStore(queries: CreditQueries(client: seed.database.client(as: .anonymous)))
        await store.load()
        #expect((store.error as? DatabaseError)?.code == "FB009")
    }
}
