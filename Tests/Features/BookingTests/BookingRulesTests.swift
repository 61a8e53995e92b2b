import Booking
import FitContract
import FitCore
import FitInMemory
import FitTesting
import Foundation
import Testing

/// `book_session` / `cancel_booking` through ``BookingQueries``: every rule, its code, and what it leaves behind.
@Suite struct BookingRulesTests {
    let clock = TestClock()

    private func activeBookings(_ seed: FitFixture) async throws -> [ClassBooking] {
        try await seed.service.from("bookings").select().eq("status", value: "active")
            .in("member_id", values: seed.testMembers.map(\.id)).execute().value
    }

    @Test func bookingReturnsTheNewRowAndDebitsTheCreditCost() async throws {
        let seed = try await FitFixture.make(clock: clock)
        let booking = try await BookingQueries(client: seed.client(as: seed.alice)).bookSession(id: seed.upcomingClass)
        #expect(booking.memberId == seed.alice.id)
        #expect(booking.classSessionId == seed.upcomingClass)
        #expect(booking.status == .active)
        #expect(booking.createdAt == clock.date)
        #expect(booking.cancelledAt == nil)
        #expect(try await seed.backOffice.ledgerBalance(of: seed.alice.id) == 18)
        let debit: [CreditLedgerRow] = try await seed.service.from("credit_ledger").select("amount, reason, booking_id")
            .eq("booking_id", value: booking.id).execute().value
        #expect(debit == [CreditLedgerRow(amount: -2, reason: "booking", bookingId: booking.id)])
    }

    @Test func bookingResultHasExactlyTheContractKeys() async throws {
        let seed = try await FitFixture.make(clock: clock)
        let raw: JSONValue = try await seed.client(as: seed.alice)
            .rpc("book_session", params: ["session_id": seed.upcomingClass]).execute().value
        #expect(
            raw.objectValue.map { Set($0.keys) } == [
                "id", "member_id", "class_session_id", "status", "created_at", "cancelled_at",
            ])
        #expect(raw["cancelled_at"] == .null)
    }

    /// One scenario per rule: the action that breaks it.
    private func breakRule(_ rule: BookingError, seed: FitFixture) async throws {
        let alice = BookingQueries(client: seed.client(as: seed.alice))
        switch rule {
        case .sessionFull: _ = try await alice.bookSession(id: seed.fullClass)
        case .alreadyBooked:
            _ = try await alice.bookSession(id: seed.upcomingClass)
            _ = try await alice.bookSession(id: seed.upcomingClass)
        case .insufficientCredits:
            _ = try await BookingQueries(client: seed.client(as: seed.carol)).bookSession(id: seed.upcomingClass)
        case .classStarted: _ = try await alice.bookSession(id: seed.startedClass)
        case .classCancelled: _ = try await alice.bookSession(id: seed.cancelledClass)
        case .cancellationClosed:
            let booking = try await alice.bookSession(id: seed.soonClass)
            clock.advance(by: .seconds(6 * 3600))
            _ = try await alice.cancelBooking(id: booking.id)
        case .notFound: _ = try await alice.bookSession(id: UUID())
        case .bookingNotActive:
            let booking = try await alice.bookSession(id: seed.upcomingClass)
            _ = try await alice.cancelBooking(id: booking.id)
            _ = try await alice.cancelBooking(id: booking.id)
        case .notSignedIn:
            _ = try await BookingQueries(client: seed.database.client(as: .anonymous)).bookSession(
                id: seed.upcomingClass)
        case .noMemberProfile:
            // A token for a user who has no member (a deleted account's, say).
            _ = try await BookingQueries(client: seed.database.client(as: .member(UUID()))).bookSession(
                id: seed.upcomingClass)
        case .bookingNotOpen:
            // The studio opens booking a day ahead; the class is two days away.
            try await seed.service.from("studio_policies").update(["booking_opens_days": 1])
                .eq("studio_id", value: seed.londonStudio).execute()
            _ = try await alice.bookSession(id: seed.upcomingClass)
        }
    }

    @Test(arguments: BookingError.allCases)
    func eachRuleIsRefusedWithItsContractCodeAndChangesNothing(rule: BookingError) async throws {
        let seed = try await FitFixture.make(clock: clock)
        await #expect(throws: rule) { try await breakRule(rule, seed: seed) }
        // Whatever succeeded before the refused call is all there is: the refused call wrote nothing.
        let active = try await activeBookings(seed)
        let balance = try await seed.backOffice.ledgerBalance(of: seed.alice.id)
        let expected: (active: Int, balance: Decimal) =
            switch rule {
            case .alreadyBooked: (1, 18)
            case .cancellationClosed: (1, 17)
            case .bookingNotActive: (0, 20)
            default: (0, 20)
            }
        #expect(active.count == expected.active)
        #expect(balance == expected.balance)
    }

    @Test(arguments: [
        ("FB001", "Session is full"), ("FB002", "Session already booked"), ("FB003", "Insufficient credits"),
        ("FB004", "Class has already started"), ("FB005", "Class has been cancelled"),
        ("FB006", "Cancellation is closed after the class starts"), ("FB007", "Not found"),
        ("FB008", "Booking is not active"), ("FB009", "Not signed in"),
        ("FB010", "No member profile for this account"),
    ])
    func codesAndMessagesAreTheContracts(code: String, message: String) throws {
        let rule = try #require(BookingError(DatabaseError(code: code, message: "ignored")))
        #expect(rule.code == code)
        #expect(rule.message == message)
        #expect(rule.databaseError == DatabaseError(code: code, message: message))
    }

    @Test func otherDatabaseErrorsAreNotBookingRules() {
        #expect(BookingError(DatabaseError(code: "23505", message: "duplicate")) == nil)
    }

    @Test func checksRunInTheContractsOrder() async throws {
        let seed = try await FitFixture.make(clock: clock)
        let now = clock.date
        let cancelledAndStarted = try await seed.backOffice.addSession(
            at: seed.londonStudio, name: "Gone", startsAt: now.addingTimeInterval(-60), capacity: 0,
            cancelledAt: now)
        let startedAndFull = try await seed.backOffice.addSession(
            at: seed.londonStudio, name: "Late", startsAt: now.addingTimeInterval(-60), capacity: 0)
        let oneSpot = try await seed.backOffice.addSession(
            at: seed.londonStudio, name: "Tiny", startsAt: now.addingTimeInterval(3600), capacity: 1)
        let alice = BookingQueries(client: seed.client(as: seed.alice))
        let carol = BookingQueries(client: seed.client(as: seed.carol))

        await #expect(throws: BookingError.classCancelled) { try await alice.bookSession(id: cancelledAndStarted) }
        await #expect(throws: BookingError.classStarted) { try await alice.bookSession(id: startedAndFull) }
        _ = try await alice.bookSession(id: oneSpot)
        await #expect(throws: BookingError.alreadyBooked) { try await alice.bookSession(id: oneSpot) }
        await #expect(throws: BookingError.sessionFull) { try await carol.bookSession(id: oneSpot) }
        // A signed-in token for someone who has no member is refused as such, before "not found".
        let stranger = BookingQueries(client: seed.database.client(as: .member(UUID())))
        await #expect(throws: BookingError.noMemberProfile) { try await stranger.bookSession(id: UUID()) }
    }

    @Test func someoneElsesBookingIsNotFound() async throws {
        let seed = try await FitFixture.make(clock: clock)
        let booking = try await BookingQueries(client: seed.client(as: seed.bob)).bookSession(id: seed.upcomingClass)
        await #expect(throws: BookingError.notFound) {
            try await BookingQueries(client: seed.client(as: seed.alice)).cancelBooking(id: booking.id)
        }
        #expect(try await activeBookings(seed).map(\.id) == [booking.id])
    }

    @Test func aMissingOrMalformedArgumentFailsLikePostgREST() async throws {
        let seed = try await FitFixture.make(clock: clock)
        let client = seed.client(as: seed.alice)
        await #expect(throws: DatabaseError.self) { try await client.rpc("book_session").execute() }
        do {
            try await client.rpc("book_session", params: ["session_id": "not-a-uuid"]).execute()
            Issue.record("expected 22P02")
        } catch let error as DatabaseError {
            #expect(error.code == "22P02")
        }
    }

    /// Cancelling `hoursBefore` the start of a 3-credit class refunds `refund`.
    @Test(arguments: [
        (13.0, Decimal(3)), (12.0, Decimal(3)), (12.0 - 1.0 / 3600, Decimal(0)), (1.0, Decimal(0)),
    ])
    func cancellingRefundsInFullUpToTwelveHoursBeforeTheStart(hoursBefore: Double, refund: Decimal) async throws {
        let seed = try await FitFixture.make(clock: clock)
        let startsIn: Double = 24 * 3600
        let session = try await seed.backOffice.addSession(
            at: seed.londonStudio, name: "Rowing", startsAt: clock.date.addingTimeInterval(startsIn),
            creditCost: 3)
        let alice = BookingQueries(client: seed.client(as: seed.alice))
        let booking = try await alice.bookSession(id: session)
        clock.advance(by: .milliseconds(Int64((startsIn - hoursBefore * 3600) * 1000)))

        let cancellation = try await alice.cancelBooking(id: booking.id)

        #expect(cancellation == BookingCancellation(bookingId: booking.id, refunded: refund))
        #expect(try await seed.backOffice.ledgerBalance(of: seed.alice.id) == 17 + refund)
        let rows: [CreditLedgerRow] = try await seed.service.from("credit_ledger").select("amount, reason, booking_id")
            .eq("booking_id", value: booking.id).order("amount").execute().value
        let expectedRows =
            [CreditLedgerRow(amount: -3, reason: "booking", bookingId: booking.id)]
            + (refund > 0 ? [CreditLedgerRow(amount: refund, reason: "refund", bookingId: booking.id)] : [])
        #expect(rows == expectedRows)
        let stored: ClassBooking = try await seed.service.from("bookings").select().eq("id", value: booking.id).single()
            .execute().value
        #expect(stored.status == .cancelled)
        #expect(stored.cancelledAt == clock.date)
    }

    @Test func theTimetableShowsTheDefaultTwelveHourDeadline() async throws {
        let seed = try await FitFixture.make(clock: clock)
        let start = clock.date.addingTimeInterval(24 * 3600)
        let session = try await seed.backOffice.addSession(at: seed.londonStudio, name: "Rowing", startsAt: start)
        let shown = try #require(
            try await BookingQueries(client: seed.client(as: seed.alice)).getTimetable(
                from: clock.date, to: start.addingTimeInterval(60)
            ).first {
                $0.sessionId == session
            })
        #expect(shown.bookingPolicy == BookingPolicy(fullRefundUntil: start.addingTimeInterval(-43_200)))
    }

    @Test func aFreeClassLeavesNoLedgerTrace() async throws {
        let seed = try await FitFixture.make(clock: clock)
        let carol = BookingQueries(client: seed.client(as: seed.carol))
        let booking = try await carol.bookSession(id: seed.freeClass)
        let cancellation = try await carol.cancelBooking(id: booking.id)
        #expect(cancellation.refunded == 0)
        let rows: [CreditLedgerRow] = try await seed.service.from("credit_ledger").select("amount, reason, booking_id")
            .eq("member_id", value: seed.carol.id).execute().value
        #expect(rows.isEmpty)
    }

    @Test func aCancelledBookingCanBeBookedAgain() async throws {
        let seed = try await FitFixture.make(clock: clock)
        let alice = BookingQueries(client: seed.client(as: seed.alice))
        let first = try await alice.bookSession(id: seed.upcomingClass)
        _ = try await alice.cancelBooking(id: first.id)
        let second = try await alice.bookSession(id: seed.upcomingClass)
        #expect(second.id != first.id)
        #expect(try await activeBookings(seed).map(\.id) == [second.id])
        #expect(try await seed.backOffice.ledgerBalance(of: seed.alice.id) == 18)
    }

    @Test func theDatabaseAllowsOneActiveBookingPerMemberAndSession() async throws {
        let seed = try await FitFixture.make(clock: clock)
        let row: JSONValue = [
            "member_id": .string(seed.alice.id.uuidString), "class_session_id": .string(seed.upcomingClass.uuidString),
        ]
        try await seed.service.from("bookings").insert(row).execute()
        do {
            try await seed.service.from("bookings").insert(row).execute()
            Issue.record("expected a unique violation")
        } catch let error as DatabaseError {
            #expect(error.code == "23505")
            #expect(error.message.contains("bookings_one_active_per_member"))
        }
        var cancelled = row.objectValue ?? [:]
        cancelled["status"] = "cancelled"
        try await seed.service.from("bookings").insert(JSONValue.object(cancelled)).execute()
        try await seed.service.from("bookings").insert(JSONValue.object(cancelled)).execute()
    }

    @Test func membersCannotWriteBookingsDirectly() async throws {
        let seed = try await FitFixture.make(clock: clock)
        let row: JSONValue = [
            "member_id": .string(seed.alice.id.uuidString), "class_session_id": .string(seed.upcomingClass.uuidString),
        ]
        do {
            try await seed.client(as: seed.alice).from("bookings").insert(row).execute()
            Issue.record("expected permission denied")
        } catch let error as DatabaseError {
            #expect(error.code == "42501")
        }
    }

    @Test func installingTwiceIsHarmless() async throws {
        let seed = try await FitFixture.make(clock: clock)
        let before: [BookableSession] = try await seed.service.from("bookable_sessions").select().execute().value
        try FitKitContract.install(on: seed.database.engine)
        let sessions: [BookableSession] = try await seed.service.from("bookable_sessions").select().execute().value
        #expect(sessions == before && sessions.count > 7)
    }
}

/// The ledger columns these tests compare.
struct CreditLedgerRow: Codable, Sendable, Equatable {
    var amount: Decimal
    var reason: String
    var bookingId: UUID?
}
