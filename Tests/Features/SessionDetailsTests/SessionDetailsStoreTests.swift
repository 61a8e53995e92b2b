import Booking
import FitCore
import FitInMemory
import FitTesting
import Foundation
import SessionDetails
import Testing

@Suite struct SessionDetailStoreTests {
    let clock = TestClock()

    private func makeStore(session: KeyPath<FitFixture, UUID> & Sendable = \.upcomingClass, role: DatabaseRole? = nil)
        async throws -> (SessionDetailsStore, FitFixture)
    {
        let seed = try await FitFixture.make(clock: clock)
        let client = seed.database.client(as: role ?? .member(seed.alice.id))
        return (
            SessionDetailsStore(sessionId: seed[keyPath: session], queries: SessionDetailsQueries(client: client)), seed
        )
    }

    @Test func loadingTakesOneRequestAtOneRoundTripDepth() async throws {
        let (store, seed) = try await makeStore()
        let booking = try await BookingQueries(client: seed.client(as: seed.alice)).bookSession(id: seed.upcomingClass)
        seed.database.clearRequestLog()

        await store.load(memberId: seed.alice.id)

        #expect(seed.database.requests.count == 1)
        #expect(seed.database.requests.roundTripDepth == 1)
        #expect(seed.database.requests.first?.query.target == "bookable_sessions")
        #expect(store.session?.sessionId == seed.upcomingClass && store.session?.spotsRemaining == 9)
        #expect(store.bookingId == booking.id)
        #expect(store.action == .cancel(try #require(store.session), bookingId: booking.id))
    }

    @Test(.timeLimit(.minutes(10)))
    func loadingForAnotherMemberRunsBothRequestsConcurrently() async throws {
        let (store, seed) = try await makeStore(role: .service)
        let booking = try await BookingQueries(client: seed.client(as: seed.bob)).bookSession(id: seed.upcomingClass)
        seed.database.clearRequestLog()
        seed.database.setLatency(.seconds(1))

        let load = Task { await store.load(memberId: seed.bob.id) }
        await clock.waitForSleepers(count: 2)  // both requests are in flight before either finished
        clock.advance(by: .seconds(1))
        await load.value

        #expect(seed.database.requests.count == 2)
        #expect(seed.database.requests.roundTripDepth == 1)
        #expect(store.bookingId == booking.id)
        #expect(store.session?.isBooked == false)  // the service role itself holds no booking
    }

    @Test func aBookedClassWhoseBookingIsUnknownOffersADisabledCancel() async throws {
        let (store, seed) = try await makeStore()
        _ = try await BookingQueries(client: seed.client(as: seed.alice)).bookSession(id: seed.upcomingClass)
        await store.load(memberId: nil)
        let session = try #require(store.session)
        #expect(session.isBooked && store.bookingId == nil)
        #expect(store.action == .cancel(session, bookingId: nil))
        #expect(store.action?.isEnabled == false)
        let booking = BookingStore(queries: BookingQueries(client: seed.client(as: seed.alice)))
        seed.database.clearRequestLog()
        #expect(try await booking.run(try #require(store.action)) == nil)
        #expect(seed.database.requests.isEmpty, "a disabled Cancel sends nothing")
    }

    @Test func withoutAMemberAnUnbookedClassIsBookable() async throws {
        let (store, _) = try await makeStore()
        await store.load(memberId: nil)
        let session = try #require(store.session)
        #expect(!session.isBooked && store.bookingId == nil)
        #expect(store.action == .book(session))
        #expect(store.action?.isEnabled == true)
    }

    @Test func aCancelledClassOffersNoAction() async throws {
        let (store, _) = try await makeStore(session: \.cancelledClass)
        await store.load(memberId: nil)
        #expect(store.session?.isCancelled == true && store.action == nil)
    }

    @Test func anUnknownSessionIsATypedError() async throws {
        let seed = try await FitFixture.make(clock: clock)
        let id = UUID()
        let store = SessionDetailsStore(
            sessionId: id, queries: SessionDetailsQueries(client: seed.client(as: seed.alice)))
        await store.load(memberId: seed.alice.id)
        #expect(store.error as? SessionDetailsError == .sessionNotFound(id))
        #expect(store.session == nil && !store.isLoading)
        #expect(try await SessionDetailsQueries(client: seed.client(as: seed.alice)).getSession(id: id) == nil)
    }

}
