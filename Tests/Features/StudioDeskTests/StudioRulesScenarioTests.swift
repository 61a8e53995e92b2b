import Booking
import FitContract
import FitCore
import Foundation
import Members
import ScenarioBackends
import StudioDesk
import Testing
import Waitlist

/// A studio's own rules, set at the desk and written once, run on every backend: how far ahead booking opens, and how
/// long a line may grow (per studio, and per class over it). Members meet them with typed refusals, with no code
/// change.
@Suite("A studio's rules on every backend")
struct StudioRulesScenarioTests {
    @Test(
        "booking opens when the studio says, and turning the rule off opens it again",
        arguments: ScenarioBackend.available)
    func theBookingWindow(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let staff = try await DeskScenarioTests.staff(session)
            let studio = session.seed.londonStudio
            let far = try await DeskScenarioTests.addClass(session, at: studio, startsIn: 30)
            let near = try await DeskScenarioTests.addClass(session, at: studio, startsIn: 20)
            let owner = DeskQueries(client: session.client(staff.owner))
            let rules = try await owner.setRules(StudioRules(fullRefundMinutes: 720, bookingOpensDays: 1), at: studio)
            #expect(rules == StudioRules(fullRefundMinutes: 720, bookingOpensDays: 1))

            let alice = BookingQueries(client: session.client(session.seed.alice.id))
            await #expect(throws: BookingError.bookingNotOpen) { _ = try await alice.bookSession(id: far) }
            _ = try await alice.bookSession(id: near)
            // Another studio's classes are not its to open.
            let elsewhere = try await DeskScenarioTests.addClass(session, at: session.seed.newYorkStudio, startsIn: 30)
            _ = try await alice.bookSession(id: elsewhere)

            try await owner.setRules(StudioRules(fullRefundMinutes: 720), at: studio)
            _ = try await alice.bookSession(id: far)
        }
    }

    @Test("a line holds what its studio allows, or what the class itself allows", arguments: ScenarioBackend.available)
    func theLineCap(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let staff = try await DeskScenarioTests.staff(session)
            let seed = session.seed
            let studio = seed.londonStudio
            let id = try await DeskScenarioTests.addClass(session, at: studio, capacity: 1)
            _ = try await BookingQueries(client: session.client(seed.alice.id)).bookSession(id: id)
            let owner = DeskQueries(client: session.client(staff.owner))
            try await owner.setRules(StudioRules(fullRefundMinutes: 720, lineCap: 1), at: studio)

            _ = try await WaitlistQueries(client: session.client(seed.bob.id)).join(sessionId: id)
            let carol = WaitlistQueries(client: session.client(seed.carol.id))
            await #expect(throws: WaitlistError.waitlistFull) { _ = try await carol.join(sessionId: id) }

            let instructor = DeskQueries(client: session.client(staff.instructor))
            try await instructor.setLineCap(2, of: id)
            #expect(try await carol.join(sessionId: id).place == 2)
            let jordan = WaitlistQueries(client: session.client(seed.jordan.id))
            await #expect(throws: WaitlistError.waitlistFull) { _ = try await jordan.join(sessionId: id) }

            // Back to the studio's cap: the two in line stay, nobody else joins.
            try await instructor.setLineCap(nil, of: id)
            await #expect(throws: WaitlistError.waitlistFull) { _ = try await jordan.join(sessionId: id) }
            #expect(try await instructor.line(of: id).map(\.memberId) == [seed.bob.id, seed.carol.id])
        }
    }

    @Test(
        "a class's own waitlist cutoff closes its line over the studio's, for joining and the lines alike",
        arguments: ScenarioBackend.available)
    func aClassesOwnCutoff(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let staff = try await DeskScenarioTests.staff(session)
            let seed = session.seed
            let id = try await DeskScenarioTests.addClass(session, at: seed.londonStudio, capacity: 1, startsIn: 30)
            _ = try await BookingQueries(client: session.client(seed.alice.id)).bookSession(id: id)
            let owner = DeskQueries(client: session.client(staff.owner))
            let rules = try await owner.setRules(
                StudioRules(fullRefundMinutes: 720, waitlistCutoffMinutes: 90), at: seed.londonStudio)
            #expect(rules.waitlistCutoffMinutes == 90)

            let instructor = DeskQueries(client: session.client(staff.instructor))
            await #expect(throws: DeskError.invalidWaitlistCutoff) {
                try await instructor.setWaitlistCutoff(10_081, of: id)
            }
            try await instructor.setWaitlistCutoff(31 * 60, of: id)
            let bob = WaitlistQueries(client: session.client(seed.bob.id))
            await #expect(throws: WaitlistError.waitlistClosed) { _ = try await bob.join(sessionId: id) }
            let closed = try #require(try await bob.lines(for: [id])[id])
            #expect(!closed.isOpen)

            try await instructor.setWaitlistCutoff(nil, of: id)
            #expect(try await bob.join(sessionId: id).place == 1)
            let open = try #require(try await bob.lines(for: [id])[id])
            let start = try #require(
                try await BookingQueries(client: session.client(seed.bob.id))
                    .getTimetable(from: Date(), to: Date().addingTimeInterval(31 * 3600)).first { $0.sessionId == id }?
                    .startTime)
            #expect(open.isOpen && open.closesAt == start.addingTimeInterval(-90 * 60))
        }
    }

    @Test(
        "a member the line promotes after the refund deadline may cancel for a full refund until the class starts",
        arguments: ScenarioBackend.available)
    func latePromotionsStayRefundable(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let staff = try await DeskScenarioTests.staff(session)
            let seed = session.seed
            let studio = seed.londonStudio
            let id = try await DeskScenarioTests.addClass(session, at: studio, capacity: 1, cost: 2, startsIn: 30)
            let alice = BookingQueries(client: session.client(seed.alice.id))
            let bob = BookingQueries(client: session.client(seed.bob.id))
            let booked = try await alice.bookSession(id: id)
            _ = try await WaitlistQueries(client: session.client(seed.bob.id)).join(sessionId: id)
            // A 40-hour window: the class's deadline passed 10 hours ago.
            try await DeskQueries(client: session.client(staff.owner)).setRules(
                StudioRules(fullRefundMinutes: 40 * 60), at: studio)

            #expect(try await alice.cancelBooking(id: booked.id).refunded == 0)
            let shown = try #require(
                try await bob.getTimetable(from: Date(), to: Date().addingTimeInterval(31 * 3600)).first {
                    $0.sessionId == id
                })
            #expect(shown.isBooked)
            #expect(shown.fullRefundUntil == shown.startTime)
            #expect(shown.bookingPolicy?.refundsInFull(cancellingAt: Date()) == true)
            let promoted = try #require(shown.bookingId)
            #expect(try await bob.cancelBooking(id: promoted).refunded == 2)
            // Alice, who booked herself, still sees the studio's deadline.
            let hers = try #require(
                try await alice.getTimetable(from: Date(), to: Date().addingTimeInterval(31 * 3600)).first {
                    $0.sessionId == id
                })
            #expect(hers.fullRefundUntil == hers.startTime?.addingTimeInterval(-40 * 3600))
        }
    }

    @Test(
        "rules out of range are refused, and only owners set them; nothing changes",
        arguments: ScenarioBackend.available)
    func onlyOwnersSetValidRules(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let staff = try await DeskScenarioTests.staff(session)
            let studio = session.seed.londonStudio
            let owner = DeskQueries(client: session.client(staff.owner))
            let set = StudioRules(fullRefundMinutes: 60, bookingOpensDays: 7, lineCap: 5)
            #expect(try await owner.setRules(set, at: studio) == set)
            let refusals: [(StudioRules, DeskError)] = [
                (StudioRules(fullRefundMinutes: -1), .invalidRefundWindow),
                (StudioRules(fullRefundMinutes: 60, bookingOpensDays: 0), .invalidBookingWindow),
                (StudioRules(fullRefundMinutes: 60, bookingOpensDays: 366), .invalidBookingWindow),
                (StudioRules(fullRefundMinutes: 60, lineCap: 0), .invalidLineCap),
            ]
            for (rules, error) in refusals {
                await #expect(throws: error) { try await owner.setRules(rules, at: studio) }
            }
            await #expect(throws: DeskError.notStaff) {
                try await DeskQueries(client: session.client(staff.instructor)).setRules(
                    StudioRules(fullRefundMinutes: 0), at: studio)
            }
            await #expect(throws: DeskError.invalidLineCap) {
                try await owner.setLineCap(1_001, of: session.seed.upcomingClass)
            }
            struct Row: Decodable, Equatable {
                var fullRefundMinutes: Int
                var bookingOpensDays: Int?
                var lineCap: Int?
            }
            let stored: [Row] = try await session.anonymous.from("studio_policies")
                .select("full_refund_minutes, booking_opens_days, line_cap").eq("studio_id", value: studio)
                .execute().value
            #expect(stored == [Row(fullRefundMinutes: 60, bookingOpensDays: 7, lineCap: 5)])
        }
    }
}
