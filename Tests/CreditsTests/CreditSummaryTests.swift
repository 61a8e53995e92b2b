import Booking
import Credits
import FitCore
import FitTesting
import Foundation
import Testing

/// `credit_summary()` through ``CreditQueries``.
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
        ([Entry(amount: Decimal(string: "2.5")!, daysToExpiry: 1)], Decimal(string: "2.5")!, Decimal(string: "2.5")!, 1),
    ]

    @Test(arguments: cases)
    func summarisesTheLedger(ledger: [Entry], balance: Decimal, expiring: Decimal, earliestInDays: Double?) async throws {
        let clock = TestClock()
        let seed = try await BookingFixtures.makeDatabase(clock: clock)
        for entry in ledger {
            try await BookingFixtures.addCredits(
                to: seed.database, member: seed.carol, amount: entry.amount, reason: entry.reason,
                expiresAt: entry.daysToExpiry.map { clock.date.addingTimeInterval($0 * 86_400) })
        }
        let summary = try await CreditQueries(client: seed.client(for: seed.carol)).summary()
        #expect(summary == CreditSummary(
            balance: balance, expiringSoon: expiring,
            earliestExpiry: earliestInDays.map { clock.date.addingTimeInterval($0 * 86_400) }))
    }

    @Test(arguments: [DatabaseRole.anonymous, .service, .member(UUID())])
    func callersWhoAreNotSignedInMembersAreRefused(role: DatabaseRole) async throws {
        let seed = try await BookingFixtures.makeDatabase(clock: TestClock())
        do {
            _ = try await CreditQueries(client: seed.database.client(as: role)).summary()
            Issue.record("expected FB009")
        } catch let error as DatabaseError {
            #expect(error == DatabaseError(code: "FB009", message: "Not signed in"))
        }
    }

    @Test func theBalanceAlwaysEqualsTheSumOfTheLedger() async throws {
        let clock = TestClock()
        let seed = try await BookingFixtures.makeDatabase(clock: clock)
        let client = seed.client(for: seed.alice)
        let booking = BookingQueries(client: client)
        let credits = CreditQueries(client: client)
        var expected: Decimal = 20
        func check() async throws {
            let ledger = try await credits.ledger()
            #expect(ledger.allSatisfy { $0.memberId == seed.alice })
            #expect(try await credits.summary().balance == ledger.reduce(0) { $0 + $1.amount })
            #expect(try await credits.summary().balance == expected)
        }
        try await check()
        let yoga = try await booking.book(sessionId: seed.upcoming)
        expected -= 2
        try await check()
        let spin = try await booking.book(sessionId: seed.soon)
        expected -= 3
        try await check()
        _ = try await booking.cancel(bookingId: yoga.id)
        expected += 2
        try await check()
        _ = try await booking.cancel(bookingId: spin.id)  // inside 12 hours: no refund
        try await check()
        await #expect(throws: BookingError.insufficientCredits) { try await booking.book(sessionId: seed.expensive) }
        try await check()
    }

    @Test func membersSeeOnlyTheirOwnLedger() async throws {
        let seed = try await BookingFixtures.makeDatabase(clock: TestClock())
        let aliceRows = try await CreditQueries(client: seed.client(for: seed.alice)).ledger()
        #expect(aliceRows.map(\.memberId) == [seed.alice])
        #expect(aliceRows.first?.reason == .purchase && aliceRows.first?.amount == 20)
        #expect(try await CreditQueries(client: seed.database.client(as: .anonymous)).ledger().isEmpty)
    }

    @Test func ledgerAmountsAreNeverZeroAndReasonsAreChecked() async throws {
        let seed = try await BookingFixtures.makeDatabase(clock: TestClock())
        for (amount, reason, constraint) in [(Decimal(0), "purchase", "credit_ledger_amount_check"), (Decimal(1), "gift", "credit_ledger_reason_check")] {
            do {
                try await seed.service.from("credit_ledger")
                    .insert(["member_id": .string(seed.alice.uuidString), "amount": .number(amount), "reason": .string(reason)] as JSONValue)
                    .execute()
                Issue.record("expected \(constraint)")
            } catch let error as DatabaseError {
                #expect(error.code == "23514" && error.message.contains(constraint))
            }
        }
    }
}
