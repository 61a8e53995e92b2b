import Booking
import FitCore
import FitTesting
import Foundation
import SessionDetails
import Testing

/// The session screen's flows (load; book then refresh; cancel then refresh) with a failure injected at
/// each request index: the state stays consistent, the error is exposed, and a retry succeeds.
@Suite struct SessionFlowFaultTests {
    let clock = TestClock()
    static let failure = DatabaseError(code: "08006", message: "connection lost")

    struct Screen {
        let seed: FitFixture
        let details: SessionDetailsStore
        let booking: BookingStore
    }

    private func makeScreen(role: (FitFixture) -> DatabaseRole = { .member($0.alice.id) }) async throws -> Screen {
        let seed = try await FitFixture.make(clock: clock)
        let client = seed.database.client(as: role(seed))
        return Screen(
            seed: seed,
            details: SessionDetailsStore(sessionId: seed.upcomingClass, queries: SessionDetailsQueries(client: client)),
            booking: BookingStore(queries: BookingQueries(client: client)))
    }

    private func activeBookings(_ seed: FitFixture) async throws -> Int {
        let rows: [ClassBooking] = try await seed.service.from("bookings").select().eq("status", value: "active")
            .in("member_id", values: seed.testMembers.map(\.id)).execute().value
        return rows.count
    }

    /// Loading as a service-role back office for Alice: two concurrent requests (indexes 0 and 1).
    @Test(arguments: 0..<2)
    func aFailedLoadExposesTheErrorAndARetrySucceeds(failingIndex: Int) async throws {
        let screen = try await makeScreen(role: { _ in .service })
        screen.seed.database.injectFault(.error(Self.failure), skipping: failingIndex)
        await screen.details.load(memberId: screen.seed.alice.id)
        #expect(screen.details.error as? DatabaseError == Self.failure)
        #expect(screen.details.session == nil && screen.details.bookingId == nil && !screen.details.isLoading)

        await screen.details.load(memberId: screen.seed.alice.id)
        #expect(screen.details.error == nil && screen.details.session?.sessionId == screen.seed.upcomingClass)
    }

    /// What `action` threw, or `nil` when it returned.
    static func error(_ action: () async throws -> BookingActionResult?) async -> (any Error)? {
        do {
            _ = try await action()
            return nil
        } catch {
            return error
        }
    }

    /// Book (request 0) then refresh (request 1).
    @Test(arguments: 0..<2)
    func aFailureWhileBookingLeavesAConsistentStateAndARetrySucceeds(failingIndex: Int) async throws {
        let screen = try await makeScreen()
        let seed = screen.seed
        await screen.details.load(memberId: seed.alice.id)
        let action = try #require(screen.details.action)
        seed.database.clearRequestLog()
        seed.database.injectFault(.error(Self.failure), skipping: failingIndex)

        let thrown = await Self.error { try await screen.booking.run(action) }
        await screen.details.refresh(memberId: seed.alice.id)

        #expect(thrown as? DatabaseError == (failingIndex == 0 ? Self.failure : nil))
        #expect(seed.database.requests.count == 2)
        if failingIndex == 0 {
            #expect(screen.booking.error as? DatabaseError == Self.failure)
            #expect(try await activeBookings(seed) == 0)
            #expect(try await seed.backOffice.ledgerBalance(of: seed.alice.id) == 20)
            #expect(screen.details.bookingId == nil && screen.details.error == nil)
            try await screen.booking.run(try #require(screen.details.action))
        } else {
            #expect(screen.booking.error == nil)
            #expect(try await activeBookings(seed) == 1)
            #expect(try await seed.backOffice.ledgerBalance(of: seed.alice.id) == 18)
            // The screen still shows what it last loaded, and says the refresh failed.
            #expect(screen.details.error as? DatabaseError == Self.failure)
            #expect(screen.details.bookingId == nil && screen.details.session?.spotsRemaining == 10)
        }
        await screen.details.refresh(memberId: seed.alice.id)
        #expect(screen.booking.error == nil && screen.details.error == nil)
        #expect(screen.details.bookingId != nil && screen.details.session?.spotsRemaining == 9)
        #expect(try await activeBookings(seed) == 1)
        #expect(try await seed.backOffice.ledgerBalance(of: seed.alice.id) == 18)
    }

    /// Cancel (request 0) then refresh (request 1).
    @Test(arguments: 0..<2)
    func aFailureWhileCancellingLeavesAConsistentStateAndARetrySucceeds(failingIndex: Int) async throws {
        let screen = try await makeScreen()
        let seed = screen.seed
        _ = try await BookingQueries(client: seed.client(as: seed.alice)).bookSession(id: seed.upcomingClass)
        await screen.details.load(memberId: seed.alice.id)
        let action = try #require(screen.details.action)
        seed.database.clearRequestLog()
        seed.database.injectFault(.error(Self.failure), skipping: failingIndex)

        let thrown = await Self.error { try await screen.booking.run(action) }
        await screen.details.refresh(memberId: seed.alice.id)

        #expect(thrown as? DatabaseError == (failingIndex == 0 ? Self.failure : nil))
        if failingIndex == 0 {
            #expect(screen.booking.error as? DatabaseError == Self.failure)
            #expect(try await activeBookings(seed) == 1)
            #expect(try await seed.backOffice.ledgerBalance(of: seed.alice.id) == 18)
            #expect(screen.details.bookingId != nil && screen.details.error == nil)
            try await screen.booking.run(try #require(screen.details.action))
        } else {
            #expect(
                screen.booking.result
                    == .cancelled(BookingCancellation(bookingId: try #require(action.bookingId), refunded: 2)))
            #expect(try await activeBookings(seed) == 0)
            #expect(screen.details.error as? DatabaseError == Self.failure)
            #expect(screen.details.bookingId == action.bookingId)
        }
        await screen.details.refresh(memberId: seed.alice.id)
        #expect(screen.booking.error == nil && screen.details.error == nil)
        #expect(screen.details.bookingId == nil && screen.details.session?.spotsRemaining == 10)
        #expect(try await activeBookings(seed) == 0)
        #expect(try await seed.backOffice.ledgerBalance(of: seed.alice.id) == 20)
    }
}

extension BookingAction {
    fileprivate var bookingId: UUID? {
        if case .cancel(_, let id) = self { return id }
        return nil
    }
}
