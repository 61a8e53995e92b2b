import Booking
import Credits
import FitCore
import FitTesting
import Foundation
import Testing

/// `credit_summary()` through ``CreditsQueries``.
@Suite struct CreditSummaryTests {
    /// A ledger row `daysToExpiry` days from now (nil: never expires).
    struct Entry: Sendable, CustomStringConvertible {
        var amount: Decimal
        var reason: CreditLedgerEntry.Reason = .purchase
        var daysToExpiry: Double?
        var description: String { "\(amount) \(reason) \(daysToExpiry.map { "expiring in \($0) d" } ?? "")" }
    }

    static let cases: [(ledger: [Entry], balance: Decimal, expiring: Decimal, earliestInDays: Double?)] = [
        ([], 0, 0, nil),
        ([Entry(amount: 10)], 10, 0, nil),
        ([Entry(amount: 10), Entry(amount: 5, daysToExpiry: 3)], 15, 5, 3),
        ([Entry(amount: 5, daysToExpiry: 15)], 5, 0, nil),
        ([Entry(amount: 5, daysToExpiry: 14)], 5, 5, 14),
        ([Entry(amount: 5, daysToExpiry: 0)], 5, 0, nil),
        ([Entry(amount: 5, daysToExpiry: -1)], 5, 0, nil),
        ([Entry(amount: 3, daysToExpiry: 2), Entry(amount: 4, daysToExpiry: 5)], 7, 7, 2),
        ([Entry(amount: 5, daysToExpiry: 2), Entry(amount: -4, reason: .booking)], 1, 1, 2),
        ([Entry(amount: 5, daysToExpiry: 1), Entry(amount: -10, reason: .adjustment)], -5, 0, 1),
        (
            [Entry(amount: Decimal(string: "2.5")!, daysToExpiry: 1)], Decimal(string: "2.5")!, Decimal(string: "2.5")!,
            1
        ),
    ]

    @Test(arguments: cases)
    func summarisesTheLedger(ledger: [Entry], balance: Decimal, expiring: Decimal, earliestInDays: Double?) async throws
    {
        let clock = TestClock()
        let seed = try await FitFixture.make(clock: clock)
        for entry in ledger {
            try await seed.backOffice.addCredits(
                entry.amount, to: seed.carol.id, reason: entry.reason,
                expiresAt: entry.daysToExpiry.map { clock.date.addingTimeInterval($0 * 86_400) })
        }
        let summary = try await CreditsQueries(client: seed.client(as: seed.carol)).getSummary()
        #expect(
            summary
                == CreditSummary(
                    balance: balance, expiringSoon: expiring,
                    earliestExpiry: earliestInDays.map { clock.date.addingTimeInterval($0 * 86_400) }))
    }

    @Test(arguments: [
        (DatabaseRole.anonymous, "FB009", "Not signed in"), (.service, "FB009", "Not signed in"),
        (.member(UUID()), "FB010", "No member profile for this account"),
    ])
    func callersWhoAreNotSignedInMembersAreRefused(role: DatabaseRole, code: String, message: String) async throws {
        let seed = try await FitFixture.make(clock: TestClock())
        do {
            _ = try await CreditsQueries(client: seed.database.client(as: role)).getSummary()
            Issue.record("expected \(code)")
        } catch let error as DatabaseError {
            #expect(error == DatabaseError(code: code, message: message))
        }
    }

    @Test func theBalanceAlwaysEqualsTheSumOfTheLedger() async throws {
        let clock = TestClock()
        let seed = try await FitFixture.make(clock: clock)
        let client = seed.client(as: seed.alice)
        let booking = BookingQueries(client: client)
        let credits = CreditsQueries(client: client)
        var expected: Decimal = 20
        func check() async throws {
            let ledger = try await credits.getLedger()
            #expect(ledger.allSatisfy { $0.memberId == seed.alice.id })
            #expect(try await credits.getSummary().balance == ledger.reduce(0) { $0 + $1.amount })
            #expect(try await credits.getSummary().balance == expected)
        }
        try await check()
        let yoga = try await booking.bookSession(id: seed.upcomingClass)
        expected -= 2
        try await check()
        let spin = try await booking.bookSession(id: seed.soonClass)
        expected -= 3
        try await check()
        _ = try await booking.cancelBooking(id: yoga.id)
        expected += 2
        try await check()
        _ = try await booking.cancelBooking(id: spin.id)  // inside 12 hours: no refund
        try await check()
        await #expect(throws: BookingError.insufficientCredits) {
            try await booking.bookSession(id: seed.expensiveClass)
        }
        try await check()
    }

    @Test func ledgerLinesNameTheClassOfEachBookingAndRefundInOneRequest() async throws {
        let seed = try await FitFixture.make(clock: TestClock())
        let client = seed.client(as: seed.alice)
        let booked = try await BookingQueries(client: client).bookSession(id: seed.upcomingClass)
        _ = try await BookingQueries(client: client).cancelBooking(id: booked.id)
        struct ClassRow: Decodable, Sendable {
            var name: String
            var startsAt: Date
        }
        let upcoming: ClassRow = try await seed.service.from("class_sessions").select("name, starts_at")
            .eq("id", value: seed.upcomingClass).single().execute().value
        let before = seed.database.requests.count
        let lines = try await CreditsQueries(client: client).getLedgerLines()
        #expect(seed.database.requests.count == before + 1)
        #expect(lines.map(\.entry) == (try await CreditsQueries(client: client).getLedger()))
        #expect(lines.map(\.entry.reason).sorted { $0.rawValue < $1.rawValue } == [.booking, .purchase, .refund])
        for line in lines where line.entry.reason != .purchase {
            #expect(line.className == upcoming.name)
            #expect(line.classStartsAt == upcoming.startsAt)
        }
        #expect(
            lines.filter { $0.entry.reason == .purchase }.allSatisfy { $0.className == nil && $0.classStartsAt == nil })
    }

    @Test func membersSeeOnlyTheirOwnLedger() async throws {
        let seed = try await FitFixture.make(clock: TestClock())
        let aliceRows = try await CreditsQueries(client: seed.client(as: seed.alice)).getLedger()
        #expect(aliceRows.map(\.memberId) == [seed.alice.id])
        #expect(aliceRows.first?.reason == .purchase && aliceRows.first?.amount == 20)
        #expect(try await CreditsQueries(client: seed.database.client(as: .anonymous)).getLedger().isEmpty)
    }

    @Test func ledgerAmountsAreNeverZeroAndReasonsAreChecked() async throws {
        let seed = try await FitFixture.make(clock: TestClock())
        for (amount, reason, constraint) in [
            (Decimal(0), "purchase", "credit_ledger_amount_check"), (Decimal(1), "gift", "credit_ledger_reason_check"),
        ] {
            do {
                try await seed.service.from("credit_ledger")
                    .insert(
                        [
                            "member_id": .string(seed.alice.id.uuidString), "amount": .number(amount),
                            "reason": .string(reason),
                        ] as JSONValue
                    )
                    .execute()
                Issue.record("expected \(constraint)")
            } catch let error as DatabaseError {
                #expect(error.code == "23514" && error.message.contains(constraint))
            }
        }
    }
}
