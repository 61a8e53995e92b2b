import FitCore
import Foundation

/// Credits' rows of ``FitKitSeed``: every member's purchases (some expiring) and the debits of the seeded bookings.
enum CreditsSeed {
    @Sendable static func write(_ seed: FitKitSeed, now: Date, using service: any DatabaseClient) async throws {
        let day: TimeInterval = 86_400
        func purchase(_ id: UUID, _ member: UUID, _ amount: Decimal, daysAgo: Double, expiresIn: Double? = nil)
            -> LedgerRow
        {
            LedgerRow(
                id: id, memberId: member, amount: amount, reason: "purchase",
                expiresAt: expiresIn.map { now.addingTimeInterval($0 * day) },
                createdAt: now.addingTimeInterval(-daysAgo * day))
        }
        var rows = [
            purchase(seed.id("1ED6E000", 1), seed.maya.id, 15, daysAgo: 30),
            purchase(seed.id("1ED6E000", 2), seed.maya.id, 5, daysAgo: 20, expiresIn: 9),
            purchase(seed.id("1ED6E000", 3), seed.jordan.id, 12, daysAgo: 14),
            purchase(seed.id("1ED6E000", 4), seed.jordan.id, 2, daysAgo: 7, expiresIn: 6),
            purchase(seed.id("1ED6E000", 5), seed.priya.id, 10, daysAgo: 18, expiresIn: 12),
            purchase(seed.id("C4ED1700", 1), seed.alice.id, 20, daysAgo: 10),
            purchase(seed.id("C4ED1700", 2), seed.bob.id, 15, daysAgo: 10),
            purchase(seed.id("C4ED1700", 3), seed.bob.id, 5, daysAgo: 3, expiresIn: 7),
        ]
        for (index, booking) in BookingSeed.bookings(seed).enumerated() {
            rows.append(
                LedgerRow(
                    id: seed.id("1ED6E000", 100 + index), memberId: booking.member, amount: -booking.cost,
                    reason: "booking",
                    bookingId: booking.id, createdAt: now.addingTimeInterval(Double(-86_400 * (index + 1)))))
        }
        try await service.insertSeedRows(rows, into: "credit_ledger")
    }
}
