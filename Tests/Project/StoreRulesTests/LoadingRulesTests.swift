import FitCore
import FitStores
import FitTesting
import Foundation
import Testing

/// The loading rules every FitKit store follows (``FitCore/LoadState``), checked once over every store instead of
/// in each store's suite.
@Suite struct LoadingRulesTests {
    static let failure = DatabaseError(code: "08006", message: "connection failure")

    @Test(arguments: StoreCases.loading)
    func theFirstLoadSetsIsLoadingThenShowsTheData(_ storeCase: StoreCase) async throws {
        let fixture = try await FitFixture.make()
        let store = storeCase.make(fixture)
        #expect(store.shown() == nil && !store.isLoading())
        await fixture.holdingRequests(store.load) {
            #expect(store.isLoading())
            #expect(!store.isRefetching())
            #expect(store.shown() == nil)
        }
        #expect(!store.isLoading() && !store.isRefetching())
        #expect(store.shown() != nil)
        #expect(store.error() == nil)
    }

    @Test(arguments: StoreCases.loading)
    func aRefreshKeepsTheDataVisibleAndSetsIsRefetching(_ storeCase: StoreCase) async throws {
        let fixture = try await FitFixture.make()
        let store = storeCase.make(fixture)
        await store.load()
        let loaded = try #require(store.shown())
        await fixture.holdingRequests(store.refresh) {
            #expect(store.isRefetching())
            #expect(!store.isLoading())
            #expect(store.shown() == loaded)
        }
        #expect(!store.isRefetching())
        #expect(store.shown() == loaded)
    }

    @Test(arguments: StoreCases.loading)
    func aFailedRefreshKeepsTheDataAndExposesTheError(_ storeCase: StoreCase) async throws {
        let fixture = try await FitFixture.make()
        let store = storeCase.make(fixture)
        await store.load()
        let loaded = try #require(store.shown())
        fixture.database.injectFault(.error(Self.failure))
        await store.refresh()
        #expect(store.error() as? DatabaseError == Self.failure)
        #expect(store.shown() == loaded)
        #expect(!store.isLoading() && !store.isRefetching())
    }

    @Test(arguments: StoreCases.loading)
    func aLoadClearsThePreviousErrorWhenItStartsAndASuccessKeepsItCleared(_ storeCase: StoreCase) async throws {
        let fixture = try await FitFixture.make()
        let store = storeCase.make(fixture)
        await store.load()
        fixture.database.injectFault(.error(Self.failure))
        await store.refresh()
        #expect(store.error() != nil)
        await fixture.holdingRequests(store.refresh) {
            #expect(store.error() == nil, "a retry shows progress, not the old failure")
            #expect(store.isRefetching())
        }
        #expect(store.error() == nil)
    }

    @Test(arguments: StoreCases.loading)
    func aCancelledRefreshChangesNothingAndIsNotAnError(_ storeCase: StoreCase) async throws {
        let fixture = try await FitFixture.make()
        let store = storeCase.make(fixture)
        await store.load()
        let loaded = try #require(store.shown())

        fixture.database.injectFault(.cancellation)
        await store.refresh()
        #expect(store.error() == nil)
        #expect(store.shown() == loaded)
        #expect(!store.isRefetching())

        // The awaiting task cancelled mid-request, as SwiftUI's `.refreshable` does, after an earlier failure:
        // the failure is still shown afterwards.
        fixture.database.injectFault(.error(Self.failure))
        await store.refresh()
        fixture.database.setLatency(.seconds(1))
        let refresh = Task { await store.refresh() }
        await fixture.clock.waitForSleepers(count: 1)
        refresh.cancel()
        await refresh.value
        fixture.database.setLatency(.zero)
        #expect(store.error() as? DatabaseError == Self.failure)
        #expect(store.shown() == loaded)
        #expect(!store.isRefetching() && !store.isLoading())
    }
}
