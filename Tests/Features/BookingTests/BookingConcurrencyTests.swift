import Booking
import FitContract
import FitCore
import FitKitTestSupport
import Foundation
import ScenarioBackends
import Testing

/// Many members racing for few spots, and one member tapping many times, written once and run in memory and on
/// PostgreSQL (through a pool that opens connections on demand, and one that keeps them all open): no overbooking,
/// exact ledgers, and no serialization failure or deadlock reaching a caller. FitSupabase is left out: a thousand
/// concurrent HTTP requests test the loopback server, not the booking rules, which the PostgREST test server runs
/// on the in-memory database already covered here.
@Suite(.timeLimit(.minutes(10))) struct BookingConcurrencyTests {
    static let races: [(ScenarioBackend, everyConnectionOpen: Bool)] =
        ScenarioBackend.available.filter { $0 != .supabase }.map { ($0, false) }
        + ScenarioBackend.available.filter { $0 == .postgres }.map { ($0, true) }

    /// How many members race: 1000, or 200 under ThreadSanitizer (``ThreadSanitizer/isActive``).
    static let racers = ThreadSanitizer.isActive ? 200 : 1000

    @Test(
        "1000 members (200 under ThreadSanitizer) racing for a 20-spot class book exactly 20; every ledger is exact",
        arguments: races)
    func manyMembersRacingForTwentySpots(backend: ScenarioBackend, everyConnectionOpen: Bool) async throws {
        try await backend.with(everyPostgresConnectionOpen: everyConnectionOpen) { session in
            let classId = try await session.backOffice.addSession(
                at: session.seed.londonStudio, name: "Popular", startsAt: session.clock.date.addingTimeInterval(86_400),
                capacity: 20, creditCost: 2)
            let members = try await session.backOffice.addMembers((0..<Self.racers).map { "Member \($0)" }, credits: 5)

            let outcomes = await withTaskGroup(of: (UUID, String).self) { group in
                for member in members {
                    group.addTask {
                        do {
                            _ = try await BookingQueries(client: session.client(member.id)).bookSession(id: classId)
                            return (member.id, "booked")
                        } catch let error as BookingError {
                            return (member.id, error.code)
                        } catch {
                            return (member.id, "unexpected: \(error)")
                        }
                    }
                }
                var all: [UUID: String] = [:]
                for await (member, outcome) in group { all[member] = outcome }
                return all
            }

            let winners = Set(outcomes.filter { $0.value == "booked" }.keys)
            #expect(winners.count == 20)
            #expect(
                Dictionary(grouping: outcomes.values, by: { $0 }).mapValues(\.count) == [
                    "booked": 20, "FB001": Self.racers - 20,
                ])
            let active: [ClassBooking] = try await session.service.from("bookings").select()
                .eq("class_session_id", value: classId).eq("status", value: "active").execute().value
            #expect(Set(active.map(\.memberId)) == winners)
            let ledger: [LedgerAmount] = try await session.service.from("credit_ledger").select("member_id, amount")
                .in("member_id", values: members.map(\.id)).execute().value
            var balances: [UUID: Decimal] = [:]
            for row in ledger { balances[row.memberId, default: 0] += row.amount }
            #expect(members.filter { balances[$0.id] != (winners.contains($0.id) ? 3 : 5) }.isEmpty)
            #expect(ledger.count == Self.racers + 20)
            let view: BookableSession = try await session.service.from("bookable_sessions").select()
                .eq("session_id", value: classId).single().execute().value
            #expect(view.spotsRemaining == 0)
        }
    }

    @Test(
        "50 concurrent taps by one member book once and debit once",
        arguments: ScenarioBackend.available.filter { $0 != .supabase })
    func fiftyConcurrentTapsByOneMemberBookOnce(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let alice = session.seed.alice.id
            let classId = session.seed.upcomingClass
            let before = try await session.backOffice.ledgerBalance(of: alice)
            let queries = BookingQueries(client: session.client(alice))
            let outcomes = await withTaskGroup(of: String.self) { group in
                for _ in 0..<50 {
                    group.addTask {
                        do {
                            _ = try await queries.bookSession(id: classId)
                            return "booked"
                        } catch let error as BookingError {
                            return error.code
                        } catch {
                            return "unexpected: \(error)"
                        }
                    }
                }
                var all: [String] = []
                for await outcome in group { all.append(outcome) }
                return all
            }
            #expect(Dictionary(grouping: outcomes, by: { $0 }).mapValues(\.count) == ["booked": 1, "FB002": 49])
            let active: [ClassBooking] = try await session.service.from("bookings").select()
                .eq("member_id", value: alice).eq("class_session_id", value: classId).eq("status", value: "active")
                .execute().value
            #expect(active.count == 1)
            #expect(try await session.backOffice.ledgerBalance(of: alice) == before - 2)
        }
    }
}

struct LedgerAmount: Decodable, Sendable {
    var memberId: UUID
    var amount: Decimal
}
