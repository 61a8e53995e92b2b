import Booking
import FitContract
import FitCore
import FitOffline
import FitStores
import FitTesting
import Foundation
import Notifications
import ScenarioBackends
import Testing
import Waitlist

/// The waitlist's cases, written once and run in memory, on PostgreSQL and over FitSupabase: the same answers and
/// the same errors everywhere.
@Suite("Waitlist", .timeLimit(.minutes(10)))
struct WaitlistScenarioTests {
    struct ClassStart: Decodable, Sendable {
        var startsAt: Date
    }

    static func rigged(_ base: some DatabaseClient, by rig: RequestRig) -> any DatabaseClient { rig.client(base) }

    static func entries(_ session: ScenarioSession, of sessionId: UUID) async throws -> [WaitlistEntry] {
        try await session.service.from("waitlist_entries")
            .select("id, class_session_id, member_id, status, booking_id, note, joined_at, resolved_at")
            .eq("class_session_id", value: sessionId).order("position").execute().value
    }

    @Test(
        "a member joins a full class for free, sees their place, leaves; every refusal has its code",
        arguments: ScenarioBackend.available)
    func joiningAndLeaving(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let seed = session.seed
            let alice = WaitlistQueries(client: session.client(seed.alice.id))
            let bob = WaitlistQueries(client: session.client(seed.bob.id))

            let first = try await alice.join(sessionId: seed.fullClass)
            #expect(first.status == .waiting && first.place == 1 && first.memberId == seed.alice.id)
            #expect(try await bob.join(sessionId: seed.fullClass).place == 2)
            #expect(try await alice.lines(for: [seed.fullClass])[seed.fullClass]?.place == 1)
            let bobsLine = try #require(try await bob.lines(for: [seed.fullClass])[seed.fullClass])
            #expect(bobsLine.waiting == 2 && bobsLine.place == 2 && bobsLine.placeLabel == "You're 2nd in line")
            #expect(try await session.backOffice.ledgerBalance(of: seed.alice.id) == 20, "joining charges nothing")

            await #expect(throws: WaitlistError.alreadyWaiting) { try await alice.join(sessionId: seed.fullClass) }
            await #expect(throws: WaitlistError.classHasSpots) { try await alice.join(sessionId: seed.upcomingClass) }
            await #expect(throws: WaitlistError.classStarted) { try await alice.join(sessionId: seed.startedClass) }
            await #expect(throws: WaitlistError.classCancelled) {
                try await alice.join(sessionId: seed.cancelledClass)
            }
            await #expect(throws: WaitlistError.classNotFound) { try await alice.join(sessionId: UUID()) }
            let closing = try await session.addClass(hours: 0.5, capacity: 0)
            await #expect(throws: WaitlistError.waitlistClosed) { try await alice.join(sessionId: closing) }
            let booked = try await session.addClass(capacity: 1)
            _ = try await BookingQueries(client: session.client(seed.alice.id)).bookSession(id: booked)
            await #expect(throws: WaitlistError.alreadyBooked) { try await alice.join(sessionId: booked) }
            let anonymous = WaitlistQueries(client: session.service.acting(as: .anonymous))
            await #expect(throws: BookingError.notSignedIn) { try await anonymous.join(sessionId: seed.fullClass) }

            let left = try await alice.leave(sessionId: seed.fullClass)
            #expect(left.status == .left && left.resolvedAt != nil)
            await #expect(throws: WaitlistError.notWaiting) { try await alice.leave(sessionId: seed.fullClass) }
            #expect(try await bob.lines(for: [seed.fullClass])[seed.fullClass]?.place == 1)
            #expect(try await alice.lines(for: [seed.fullClass])[seed.fullClass]?.place == nil)
            #expect(try await Self.entries(session, of: seed.fullClass).map(\.status) == [.left, .waiting])
        }
    }

    @Test(
        "a cancellation books the first in line who has the credits, in its own transaction; the others are told",
        arguments: ScenarioBackend.available)
    func promotionOnCancellation(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let seed = session.seed
            let popular = try await session.addClass(capacity: 1, cost: 2)
            let bobsBooking = try await BookingQueries(client: session.client(seed.bob.id)).bookSession(id: popular)
            _ = try await WaitlistQueries(client: session.client(seed.carol.id)).join(sessionId: popular)
            _ = try await WaitlistQueries(client: session.client(seed.alice.id)).join(sessionId: popular)

            _ = try await BookingQueries(client: session.client(seed.bob.id)).cancelBooking(id: bobsBooking.id)

            let entries = try await Self.entries(session, of: popular)
            #expect(entries.map(\.memberId) == [seed.carol.id, seed.alice.id])
            #expect(entries.map(\.status) == [.passedOver, .promoted])
            #expect(entries[0].note == "FB003" && entries[0].bookingId == nil)
            #expect(WaitlistEvent(entries[0]) == .passedOver(sessionId: popular, reason: .insufficientCredits))
            let alicesBookings = try await BookingQueries(client: session.client(seed.alice.id))
                .getActiveBookings(memberId: seed.alice.id, classSessionIds: [popular])
            #expect(alicesBookings.count == 1 && entries[1].bookingId == alicesBookings[popular])
            #expect(try await session.backOffice.ledgerBalance(of: seed.alice.id) == 18)
            let line = try await WaitlistQueries(client: session.client(seed.alice.id)).lines(for: [popular])
            #expect(line[popular]?.waiting == 0 && line[popular]?.place == nil)
        }
    }

    @Test(
        "a capacity increase promotes in line order, and the order holds for members who joined at once",
        arguments: ScenarioBackend.available)
    func promotionOnCapacityInOrder(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let tiny = try await session.addClass(capacity: 0, cost: 1)
            let members = try await session.backOffice.addMembers((0..<8).map { "Waiting \($0)" }, credits: 5)
            let places = try await withThrowingTaskGroup(of: (UUID, Int).self) { group in
                for member in members {
                    group.addTask {
                        let entry = try await WaitlistQueries(client: session.client(member.id)).join(sessionId: tiny)
                        return (member.id, try #require(entry.place))
                    }
                }
                return try await group.reduce(into: [UUID: Int]()) { $0[$1.0] = $1.1 }
            }
            #expect(places.values.sorted() == Array(1...8), "each join saw the line as it was")
            // Two leave before the class grows; their places pass to those behind them.
            let leaving = members.filter { [2, 5].contains(places[$0.id]) }
            for member in leaving {
                _ = try await WaitlistQueries(client: session.client(member.id)).leave(sessionId: tiny)
            }

            try await session.service.from("class_sessions").update(["capacity": 3] as JSONValue).eq("id", value: tiny)
                .execute()

            let entries = try await Self.entries(session, of: tiny)
            let promoted = Set(entries.filter { $0.status == .promoted }.map(\.memberId))
            let expected = Set(members.filter { [1, 3, 4].contains(places[$0.id]) }.map(\.id))
            #expect(promoted == expected)
            #expect(entries.filter { $0.status == .waiting }.count == 3)
        }
    }

    @Test(
        "from the cutoff no one is promoted, and closing the lists tells those still waiting",
        arguments: ScenarioBackend.available)
    func cutoffClosesTheList(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let seed = session.seed
            // New York closes its lists 2 hours before a class; this one starts in 3.
            let evening = try await session.addClass(hours: 3, capacity: 1, studio: seed.newYorkStudio)
            let booking = try await BookingQueries(client: session.client(seed.bob.id)).bookSession(id: evening)
            let alice = WaitlistQueries(client: session.client(seed.alice.id))
            let joined = try await alice.join(sessionId: evening)
            let line = try #require(try await alice.lines(for: [evening])[evening])
            let start: [ClassStart] = try await session.service.from("class_sessions").select("starts_at")
                .eq("id", value: evening).execute().value
            #expect(line.closesAt == start.first?.startsAt.addingTimeInterval(-2 * 3600))

            // The studio moves its cutoff to 4 hours: the list is closed now.
            try await session.service.from("waitlist_settings").update(["cutoff_minutes": 240] as JSONValue)
                .eq("studio_id", value: seed.newYorkStudio).execute()
            _ = try await BookingQueries(client: session.client(seed.bob.id)).cancelBooking(id: booking.id)
            #expect(try await Self.entries(session, of: evening).map(\.status) == [.waiting])
            await #expect(throws: WaitlistError.waitlistClosed) {
                try await WaitlistQueries(client: session.client(seed.carol.id)).join(sessionId: evening)
            }
            // Without a scheduler, what the member reads and may do agree with the refusal above.
            let closedLine = try #require(try await alice.lines(for: [evening])[evening])
            #expect(!closedLine.isOpen && closedLine.waiting == 0 && closedLine.place == nil)
            let current = try await alice.entries().filter { $0.classSessionId == evening }
            #expect(current.map(\.status) == [.closed])
            #expect(current.first?.resolvedAt == start.first?.startsAt.addingTimeInterval(-4 * 3600))
            await #expect(throws: WaitlistError.notWaiting) { try await alice.leave(sessionId: evening) }

            let closed: Int = try await session.service.rpc("close_waitlists", params: [String: String]()).execute()
                .value
            #expect(closed >= 1)
            let entries = try await Self.entries(session, of: evening)
            #expect(entries.map(\.id) == [joined.id] && entries.map(\.status) == [.closed])
            #expect(WaitlistEvent(entries[0]) == .closed(sessionId: evening))
            let told = try await NotificationsQueries(client: session.client(seed.alice.id)).inbox()
            #expect(told.map(\.kind) == [.lineClosed] && told.first?.classSessionId == evening)
            await #expect(throws: DatabaseError.self) {
                _ = try await session.client(seed.alice.id).rpc("close_waitlists", params: [String: String]()).execute()
            }
        }
    }

    @Test(
        "offline, joining and leaving fail at once with the offline error and nothing is queued",
        arguments: ScenarioBackend.available)
    func offlineNeedsTheServer(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let network = RequestRig()
            let replicaURL = FileManager.default.temporaryDirectory.appendingPathComponent("waitlist-\(UUID()).json")
            defer { try? FileManager.default.removeItem(at: replicaURL) }
            let device = try OfflineFirstClient(
                remote: Self.rigged(session.client(session.seed.alice.id), by: network), replicaURL: replicaURL,
                policy: session.features.replicaPolicy)
            let queries = WaitlistQueries(client: device)
            network.disconnect()
            await #expect(throws: OfflineError.self) { try await queries.join(sessionId: session.seed.fullClass) }
            await #expect(throws: OfflineError.self) { try await queries.leave(sessionId: session.seed.fullClass) }
            #expect(device.pendingChangeCount() == 0)
            network.reconnect()
            #expect(try await queries.join(sessionId: session.seed.fullClass).place == 1)
        }
    }
}
