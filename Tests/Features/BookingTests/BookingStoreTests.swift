import Booking
import FitCore
import FitTesting
import Foundation
import Members
import Testing

@Suite struct BookingStoreTests {
    let clock = TestClock()

    private func makeStore(member: KeyPath<FitFixture, Member> & Sendable = \.alice) async throws
        -> (BookingStore, FitFixture, BookableSession)
    {
        let seed = try await FitFixture.make(clock: clock)
        let client = seed.client(as: seed[keyPath: member])
        let session: BookableSession = try await client.from("bookable_sessions").select()
            .eq("session_id", value: seed.upcomingClass).single().execute().value
        seed.database.clearRequestLog()
        return (BookingStore(queries: BookingQueries(client: client)), seed, session)
    }

    @Test func bookingExposesProgressThenTheNewBooking() async throws {
        let (store, seed, session) = try await makeStore()
        seed.database.setLatency(.seconds(1))
        let run = Task { try await store.run(.book(session)) }
        await clock.waitForSleepers(count: 1)
        #expect(store.isInProgress && store.result == nil)
        clock.advance(by: .seconds(1))
        let result = try await run.value
        guard case .booked(let booking)? = result else {
            Issue.record("expected a booking, got \(String(describing: result))")
            return
        }
        #expect(store.result == result && !store.isInProgress && store.error == nil)
        #expect(booking.classSessionId == seed.upcomingClass && booking.memberId == seed.alice.id)
    }

    @Test func cancellingExposesTheRefund() async throws {
        let (store, _, session) = try await makeStore()
        guard case .booked(let booking)? = try await store.run(.book(session)) else { throw CancellationError() }
        let result = try await store.run(.cancel(session, bookingId: booking.id))
        #expect(result == .cancelled(BookingCancellation(bookingId: booking.id, refunded: 2)))
        #expect(store.result == result)
    }

    @Test func aRefusedActionThrowsAndShowsTheRuleAndKeepsTheLastResult() async throws {
        let (store, seed, session) = try await makeStore()
        let booked = try await store.run(.book(session))
        await #expect(throws: BookingError.alreadyBooked) { try await store.run(.book(session)) }
        #expect(store.bookingError == .alreadyBooked)
        #expect(store.result == booked)
        #expect(try await seed.backOffice.ledgerBalance(of: seed.alice.id) == 18)
    }

    @Test func insufficientCreditsIsATypedError() async throws {
        let (store, _, session) = try await makeStore(member: \.carol)
        await #expect(throws: BookingError.insufficientCredits) { try await store.run(.book(session)) }
        #expect(store.bookingError == .insufficientCredits)
        #expect(store.result == nil)
    }

    @Test func aDoubleTapSendsOneRequestAndBooksOnce() async throws {
        let (store, seed, session) = try await makeStore()
        seed.database.setLatency(.seconds(1))
        let first = Task { try await store.run(.book(session)) }
        await clock.waitForSleepers(count: 1)
        let second = try await store.run(.book(session))
        clock.advance(by: .seconds(1))
        let firstResult = try await first.value
        #expect(second == nil)
        #expect(firstResult != nil && store.error == nil)
        #expect(seed.database.requests.count == 1)
    }

    @Test func aCancelledActionThrowsAndChangesNothingInTheStore() async throws {
        let (store, seed, session) = try await makeStore()
        seed.database.injectFault(.cancellation)
        await #expect(throws: CancellationError.self) { try await store.run(.book(session)) }
        #expect(store.error == nil && store.result == nil && !store.isInProgress)

        seed.database.setLatency(.seconds(1))
        let task = Task { try await store.run(.book(session)) }
        await clock.waitForSleepers(count: 1)
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(store.error == nil && store.result == nil && !store.isInProgress)
        seed.database.setLatency(.zero)
        #expect(try await seed.backOffice.ledgerBalance(of: seed.alice.id) == 20)
    }

    @Test func anyItemTypeCanBeBooked() async throws {
        let (store, seed, _) = try await makeStore()
        struct Row: Sendable { let id: UUID }
        let result = try await store.run(BookingAction.book(Row(id: seed.freeClass)), sessionId: \.id)
        guard case .booked(let booking)? = result else { throw CancellationError() }
        #expect(booking.classSessionId == seed.freeClass)
        #expect(BookingAction.cancel(Row(id: seed.freeClass), bookingId: booking.id).item.id == seed.freeClass)
    }
}
