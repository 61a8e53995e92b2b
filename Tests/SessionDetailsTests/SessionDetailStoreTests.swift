import Booking
import FitCore
import FitTesting
import Foundation
import SessionDetails
import Testing

@Suite struct SessionDetailStoreTests {
    let clock = TestClock()

    private func makeStore(session: KeyPath<BookingFixtures.Seed, UUID> & Sendable = \.upcoming, role: DatabaseRole? = nil)
        async throws -> (SessionDetailStore, BookingFixtures.Seed)
    {
        let seed = try await BookingFixtures.makeDatabase(clock: clock)
        let client = seed.database.client(as: role ?? .member(seed.alice))
        return (SessionDetailStore(sessionId: seed[keyPath: session], queries: SessionDetailsQueries(client: client)), seed)
    }

    @Test func loadingTakesOneRequestAtOneRoundTripDepth() async throws {
        let (store, seed) = try await makeStore()
        let booking = try await BookingQueries(client: seed.client(for: seed.alice)).book(sessionId: seed.upcoming)
        seed.database.clearRequestLog()

        await store.load(memberId: seed.alice)

        #expect(seed.database.requests.count == 1)
        #expect(seed.database.requests.roundTripDepth == 1)
        #expect(seed.database.requests.first?.query.target == "bookable_sessions")
        #expect(store.session?.sessionId == seed.upcoming && store.session?.spotsRemaining == 9)
        #expect(store.bookingId == booking.id)
        #expect(store.action == .cancel(try #require(store.session), bookingId: booking.id))
    }

    @Test(.timeLimit(.minutes(1)))
    func loadingForAnotherMemberRunsBothRequestsConcurrently() async throws {
        let (store, seed) = try await makeStore(role: .service)
        let booking = try await BookingQueries(client: seed.client(for: seed.bob)).book(sessionId: seed.upcoming)
        seed.database.clearRequestLog()
        seed.database.setLatency(.seconds(1))

        let load = Task { await store.load(memberId: seed.bob) }
        await clock.waitForSleepers(count: 2)  // both requests are in flight before either finished
        clock.advance(by: .seconds(1))
        await load.value

        #expect(seed.database.requests.count == 2)
        #expect(seed.database.requests.roundTripDepth == 1)
        #expect(store.bookingId == booking.id)
        #expect(store.session?.isBooked == false)  // the service role itself holds no booking
    }

    @Test func withoutAMemberThereIsNoBookingButTheClassIsBookable() async throws {
        let (store, seed) = try await makeStore()
        _ = try await BookingQueries(client: seed.client(for: seed.alice)).book(sessionId: seed.upcoming)
        await store.load(memberId: nil)
        #expect(store.session != nil && store.bookingId == nil)
        #expect(store.action == .book(try #require(store.session)))
    }

    @Test func aCancelledClassOffersNoAction() async throws {
        let (store, _) = try await makeStore(session: \.cancelled)
        await store.load(memberId: nil)
        #expect(store.session?.isCancelled == true && store.action == nil)
    }

    @Test func anUnknownSessionIsATypedError() async throws {
        let seed = try await BookingFixtures.makeDatabase(clock: clock)
        let id = UUID()
        let store = SessionDetailStore(sessionId: id, queries: SessionDetailsQueries(client: seed.client(for: seed.alice)))
        await store.load(memberId: seed.alice)
        #expect(store.error as? SessionDetailsError == .sessionNotFound(id))
        #expect(store.session == nil && !store.isLoading)
        #expect(try await SessionDetailsQueries(client: seed.client(for: seed.alice)).getSession(by: id) == nil)
    }

    @Test func firstLoadThenRefreshKeepTheClassVisible() async throws {
        let (store, seed) = try await makeStore()
        seed.database.setLatency(.seconds(1))
        let first = Task { await store.load(memberId: seed.alice) }
        await clock.waitForSleepers(count: 1)
        #expect(store.isLoading && !store.isRefetching && store.session == nil)
        clock.advance(by: .seconds(1))
        await first.value
        #expect(!store.isLoading && store.session?.spotsRemaining == 10)

        seed.database.setLatency(.zero)
        _ = try await BookingQueries(client: seed.client(for: seed.bob)).book(sessionId: seed.upcoming)
        seed.database.setLatency(.seconds(1))
        let refresh = Task { await store.refresh(memberId: seed.alice) }
        await clock.waitForSleepers(count: 1)
        #expect(store.isRefetching && !store.isLoading && store.session?.spotsRemaining == 10)
        clock.advance(by: .seconds(1))
        await refresh.value
        #expect(!store.isRefetching && store.session?.spotsRemaining == 9 && store.error == nil)
    }

    @Test func aFailedRefreshKeepsTheClassAndExposesTheError() async throws {
        let (store, seed) = try await makeStore()
        await store.load(memberId: seed.alice)
        let shown = try #require(store.session)
        seed.database.injectFault(.error(DatabaseError(code: "08006", message: "connection lost")))
        await store.refresh(memberId: seed.alice)
        #expect(store.session == shown)
        #expect((store.error as? DatabaseError)?.code == "08006")
    }

    @Test func aCancelledRefreshIsNotAnError() async throws {
        let (store, seed) = try await makeStore()
        await store.load(memberId: seed.alice)
        let shown = try #require(store.session)
        seed.database.injectFault(.cancellation)
        await store.refresh(memberId: seed.alice)
        #expect(store.session == shown && store.error == nil && !store.isRefetching)

        seed.database.setLatency(.seconds(1))
        let refresh = Task { await store.refresh(memberId: seed.alice) }
        await clock.waitForSleepers(count: 1)
        refresh.cancel()
        await refresh.value
        #expect(store.session == shown && store.error == nil && !store.isRefetching)
    }
}
