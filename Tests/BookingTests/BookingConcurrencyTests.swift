import Booking
import FitCore
import FitTesting
import Foundation
import Testing

@Suite struct BookingConcurrencyTests {
    let clock = TestClock()

    @Test func aThousandMembersRacingForTwentySpotsGetExactlyTwenty() async throws {
        let seed = try await FitFixture.make(clock: clock)
        let session = try await seed.backOffice.addSession(
            at: seed.londonStudio, name: "Popular", startsAt: clock.date.addingTimeInterval(86_400),
            capacity: 20, creditCost: 2)
        let members = try await seed.backOffice.addMembers((0..<1000).map { "Member \($0)" }, credits: 5)

        let outcomes = await withTaskGroup(of: (UUID, Result<ClassBooking, BookingError>).self) { group in
            for member in members {
                group.addTask {
                    do {
                        return (
                            member.id,
                            .success(try await BookingQueries(client: seed.client(as: member)).bookSession(id: session))
                        )
                    } catch let error as BookingError {
                        return (member.id, .failure(error))
                    } catch {
                        return (member.id, .failure(.notFound))
                    }
                }
            }
            var all: [UUID: Result<ClassBooking, BookingError>] = [:]
            for await (member, outcome) in group { all[member] = outcome }
            return all
        }

        let winners = Set(outcomes.compactMap { member, outcome in (try? outcome.get()) != nil ? member : nil })
        #expect(winners.count == 20)
        #expect(outcomes.values.filter { (try? $0.get()) == nil }.allSatisfy { $0 == .failure(.sessionFull) })
        let active: [ClassBooking] = try await seed.service.from("bookings").select()
            .eq("class_session_id", value: session).eq("status", value: "active").execute().value
        #expect(Set(active.map(\.memberId)) == winners)
        let ledger: [LedgerAmount] = try await seed.service.from("credit_ledger").select("member_id, amount")
            .in("member_id", values: members.map(\.id)).execute().value
        var balances: [UUID: Decimal] = [:]
        for row in ledger { balances[row.memberId, default: 0] += row.amount }
        for member in members.map(\.id) {
            #expect(balances[member] == (winners.contains(member) ? 3 : 5))
        }
        #expect(ledger.count == 1020)
        let view: BookableSession = try await seed.service.from("bookable_sessions").select()
            .eq("session_id", value: session).single().execute().value
        #expect(view.spotsRemaining == 0)
    }

    @Test func fiftyConcurrentTapsByOneMemberBookOnce() async throws {
        let seed = try await FitFixture.make(clock: clock)
        let queries = BookingQueries(client: seed.client(as: seed.alice))
        let outcomes = await withTaskGroup(of: Result<ClassBooking, BookingError>.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    do { return .success(try await queries.bookSession(id: seed.upcomingClass)) } catch let error
                        as BookingError
                    { return .failure(error) } catch { return .failure(.notFound) }
                }
            }
            var all: [Result<ClassBooking, BookingError>] = []
            for await outcome in group { all.append(outcome) }
            return all
        }
        #expect(outcomes.filter { (try? $0.get()) != nil }.count == 1)
        #expect(outcomes.filter { $0 == .failure(.alreadyBooked) }.count == 49)
        let active: [ClassBooking] = try await seed.service.from("bookings").select().eq(
            "member_id", value: seed.alice.id
        ).execute().value
        #expect(active.count == 1)
        #expect(try await seed.backOffice.ledgerBalance(of: seed.alice.id) == 18)
    }
}

struct LedgerAmount: Decodable, Sendable {
    var memberId: UUID
    var amount: Decimal
}
