import Booking
import FitContract
import FitCore
import FitStores
import Foundation
import ScenarioBackends
import Testing

/// A studio's own full-refund window, written once and run on every backend: the member's timetable shows the deadline
/// the studio set, cancelling refunds by it, and changing the policy changes both with no code change.
@Suite("A studio's refund policy on every backend")
struct StudioPoliciesScenarioTests {
    @Test(
        "the timetable shows the studio's deadline, and cancelling refunds by it, as the studio changes it",
        arguments: ScenarioBackend.available)
    func theStudiosWindowDecides(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let studio = session.seed.londonStudio
            // Real time: PostgreSQL's now() is the server's. Hours of margin either side of each deadline.
            let start = WireDate.wireRounded(Date().addingTimeInterval(30 * 3600))
            let first = try await session.backOffice.addSession(
                at: studio, name: "Policy class", startsAt: start, creditCost: 2)
            let alice = session.client(session.seed.alice.id)
            let queries = BookingQueries(client: alice)

            func shown() async throws -> BookableSession {
                try #require(
                    try await queries.getTimetable(from: Date(), to: start.addingTimeInterval(60)).first {
                        $0.sessionId == first
                    })
            }
            #expect(try await shown().fullRefundUntil == start.addingTimeInterval(-12 * 3600))

            // 24 hours: 30 hours ahead is still inside it.
            try await session.backOffice.setFullRefundWindow(minutes: 24 * 60, at: studio)
            let daily = try await shown()
            #expect(daily.fullRefundUntil == start.addingTimeInterval(-24 * 3600))
            #expect(daily.bookingPolicy?.refundsInFull(cancellingAt: Date()) == true)
            var booking = try await queries.bookSession(id: first)
            #expect(try await queries.cancelBooking(id: booking.id).refunded == 2)

            // 40 hours: the deadline has passed, so the same cancellation refunds nothing.
            try await session.backOffice.setFullRefundWindow(minutes: 40 * 60, at: studio)
            let strict = try await shown()
            #expect(strict.fullRefundUntil == start.addingTimeInterval(-40 * 3600))
            #expect(strict.bookingPolicy?.refundsInFull(cancellingAt: Date()) == false)
            booking = try await queries.bookSession(id: first)
            #expect(try await queries.cancelBooking(id: booking.id).refunded == 0)

            // Another studio keeps the default.
            let other = try await session.backOffice.addSession(
                at: session.seed.newYorkStudio, name: "Default class", startsAt: start, creditCost: 2)
            let unchanged = try #require(
                try await queries.getTimetable(from: Date(), to: start.addingTimeInterval(60)).first {
                    $0.sessionId == other
                })
            #expect(unchanged.fullRefundUntil == start.addingTimeInterval(-12 * 3600))
        }
    }

    @Test(
        "a window out of range is refused and changes nothing; members cannot write the policies, everyone reads them",
        arguments: ScenarioBackend.available)
    func onlyTheStudioSetsIt(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let studio = session.seed.londonStudio
            for minutes in [-1, 43_201] {
                let error = await #expect(throws: DatabaseError.self) {
                    try await session.backOffice.setFullRefundWindow(minutes: minutes, at: studio)
                }
                #expect(error?.code == "23514")
            }
            struct Policy: Decodable, Equatable {
                var studioId: UUID
                var fullRefundMinutes: Int
            }
            let read: [Policy] = try await session.anonymous.from("studio_policies").select()
                .eq("studio_id", value: studio).execute().value
            #expect(read == [Policy(studioId: studio, fullRefundMinutes: 720)])
            let error = await #expect(throws: DatabaseError.self) {
                try await session.client(session.seed.alice.id).from("studio_policies")
                    .update(["full_refund_minutes": 0]).eq("studio_id", value: studio).execute()
            }
            #expect(error?.code == "42501")
            let after: [Policy] = try await session.service.from("studio_policies").select()
                .eq("studio_id", value: studio).execute().value
            #expect(after == read)
        }
    }
}

/// The label a class's screen shows for its studio's rule, in the studio's time zone.
@Suite struct BookingPolicyLabelTests {
    /// Thursday 4 June 2026, 18:00 UTC (19:00 in London).
    static let now = Date(timeIntervalSince1970: 1_780_596_000)
    static let london = DisplayFormatter(
        locale: Locale(identifier: "en_GB"), timeZone: TimeZone(identifier: "Europe/London")!)

    @Test func theDeadlineTodayShowsItsTime() {
        let policy = BookingPolicy(fullRefundUntil: Self.now.addingTimeInterval(3 * 3600))
        #expect(
            policy.label(at: Self.now, formatter: Self.london)
                == "Full refund until \(Self.london.time(policy.fullRefundUntil))")
        #expect(policy.refundsInFull(cancellingAt: policy.fullRefundUntil))
        #expect(!policy.refundsInFull(cancellingAt: policy.fullRefundUntil.addingTimeInterval(0.001)))
    }

    @Test func aDeadlineOnAnotherDayShowsItsDate() {
        let policy = BookingPolicy(fullRefundUntil: Self.now.addingTimeInterval(26 * 3600))
        let label = policy.label(at: Self.now, formatter: Self.london)
        #expect(
            label
                == "Full refund until \(Self.london.shortDate(policy.fullRefundUntil)), \(Self.london.time(policy.fullRefundUntil))"
        )
        #expect(label.contains("Fri 5 Jun"))
    }

    @Test func aPassedDeadlineSaysSo() {
        let policy = BookingPolicy(fullRefundUntil: Self.now.addingTimeInterval(-1))
        #expect(policy.label(at: Self.now, formatter: Self.london) == "No refund if you cancel now")
    }
}
