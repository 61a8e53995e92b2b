import Booking
import FitContract
import FitCore
import FitKitTestSupport
import Foundation
import ScenarioBackends
import Testing
import Waitlist

/// A thousand joins, leaves and cancellations at once on classes of 20: the waitlist's invariants hold on every
/// backend with real concurrency (PostgreSQL) and on the embedded database.
@Suite("Waitlist under concurrency", .timeLimit(.minutes(10)))
struct WaitlistConcurrencyTests {
    /// 13 classes, a storm of 1000 requests; 3 classes and 200 under ThreadSanitizer (``ThreadSanitizer/isActive``).
    static let classCount = ThreadSanitizer.isActive ? 3 : 13
    static let capacity = 20
    /// The members who fill the classes; all but ten of them cancel in the storm.
    static let bookerCount = classCount * capacity
    static let cancellationCount = bookerCount - 10
    /// PostgreSQL (real concurrency) and the embedded database.
    static let backends = ScenarioBackend.available.filter { $0 != .supabase }

    struct Ledger: Decodable, Sendable {
        var memberId: UUID
        var amount: Decimal
        var reason: String
        var bookingId: UUID?
    }

    struct Booked: Decodable, Sendable {
        var id: UUID
        var memberId: UUID
        var classSessionId: UUID
        var status: String
    }

    struct Entry: Decodable, Sendable {
        var id: UUID
        var classSessionId: UUID
        var memberId: UUID
        var position: Int
        var status: String
        var bookingId: UUID?
    }

    @Test(
        "1000 joins, leaves and cancellations (200 under ThreadSanitizer): never more bookings than spots, each promotion charged once, the ledger reconciles, promotions in joining order among the eligible",
        arguments: backends)
    func aStormKeepsEveryInvariant(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let office = session.backOffice
            var added: [UUID] = []
            for _ in 0..<Self.classCount {
                added.append(try await session.addClass(capacity: Self.capacity, cost: 1))
            }
            let classes = added
            // 260 members fill the classes; 250 of them will cancel (60 and 50 under ThreadSanitizer).
            let bookers = try await office.addMembers((0..<Self.bookerCount).map { "Booker \($0)" }, credits: 1)
            let bookings = try await withThrowingTaskGroup(of: ClassBooking.self) { group in
                for (index, member) in bookers.enumerated() {
                    group.addTask {
                        try await BookingQueries(client: session.client(member.id))
                            .bookSession(id: classes[index % Self.classCount])
                    }
                }
                return try await group.reduce(into: [ClassBooking]()) { $0.append($1) }
            }
            // 500 joiners: 250 who can pay once, 125 who cannot, 125 who can pay twice; half of them leave again
            // (100: 50, 25 and 25 under ThreadSanitizer).
            let half = Self.cancellationCount / 2
            let payOnce = try await office.addMembers((0..<Self.cancellationCount).map { "Once \($0)" }, credits: 1)
            let broke = try await office.addMembers((0..<half).map { "Broke \($0)" })
            let payTwice = try await office.addMembers((0..<half).map { "Twice \($0)" }, credits: 2)
            let joiners = (payOnce + broke + payTwice).shuffled()
            let purchases = Decimal(bookers.count + payOnce.count + 2 * payTwice.count)

            // The storm: 500 joins, 250 leaves (each after its join), 250 cancellations, all at once (100, 50 and 50
            // under ThreadSanitizer).
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, member) in joiners.enumerated() {
                    group.addTask {
                        let queries = WaitlistQueries(client: session.directClient(member.id))
                        let sessionId = classes[index % Self.classCount]
                        do {
                            _ = try await queries.join(sessionId: sessionId)
                        } catch WaitlistError.classHasSpots {
                            return  // a spot was free at that moment: book instead (not this test's concern)
                        }
                        if index % 2 == 0 {
                            do { _ = try await queries.leave(sessionId: sessionId) } catch WaitlistError.notWaiting {}
                        }
                    }
                }
                for booking in bookings.prefix(Self.cancellationCount) {
                    group.addTask {
                        _ = try await BookingQueries(client: session.directClient(booking.memberId))
                            .cancelBooking(id: booking.id)
                    }
                }
                try await group.waitForAll()
            }

            let ledger: [Ledger] = try await session.service.from("credit_ledger")
                .select("member_id, amount, reason, booking_id")
                .in("member_id", values: (bookers + joiners).map(\.id)).execute().value
            let booked: [Booked] = try await session.service.from("bookings")
                .select("id, member_id, class_session_id, status").in("class_session_id", values: classes).execute()
                .value
            let entries: [Entry] = try await session.service.from("waitlist_entries")
                .select("id, class_session_id, member_id, position, status, booking_id")
                .in("class_session_id", values: classes).execute().value
            let active = booked.filter { $0.status == "active" }

            for sessionId in classes {
                let taken = active.filter { $0.classSessionId == sessionId }.count
                let line = entries.filter { $0.classSessionId == sessionId }
                let waiting = line.filter { $0.status == "waiting" }
                #expect(taken <= Self.capacity, "never more bookings than spots")
                #expect(taken == Self.capacity || waiting.isEmpty, "a free spot never stays free while someone waits")
                let promoted = line.filter { $0.status == "promoted" }
                if let lastPromoted = promoted.map(\.position).max(), let firstWaiting = waiting.map(\.position).min() {
                    #expect(lastPromoted < firstWaiting, "no one still in line was skipped")
                }
            }
            let promoted = entries.filter { $0.status == "promoted" }
            #expect(!promoted.isEmpty)
            let debits = Dictionary(grouping: ledger.filter { $0.reason == "booking" }, by: \.bookingId)
            for entry in promoted {
                let booking = try #require(booked.first { $0.id == entry.bookingId })
                #expect(booking.memberId == entry.memberId && booking.status == "active")
                #expect(debits[entry.bookingId]?.count == 1, "each promotion is charged exactly once")
            }
            let passedOver = entries.filter { $0.status == "passed_over" }
            let cannotPay = Set(broke.map(\.id))
            #expect(
                passedOver.allSatisfy { cannotPay.contains($0.memberId) },
                "only those who could not pay are passed over")
            // Every purchase, less one credit per booking still active (a cancelled booking was refunded in full).
            #expect(ledger.reduce(0) { $0 + $1.amount } == purchases - Decimal(active.count))
            let balances = Dictionary(grouping: ledger, by: \.memberId).mapValues { $0.reduce(0) { $0 + $1.amount } }
            #expect(balances.values.allSatisfy { $0 >= 0 })
        }
    }
}
