import Booking
import FitContract
import FitCore
import FitStores
import FitTesting
import Foundation
import Notifications
import ScenarioBackends
import Testing
import Waitlist

/// The member's inbox, written once and run in memory, on PostgreSQL and over FitSupabase: a row for everything the
/// rules do to a member, in the same transaction, readable by that member only.
@Suite("Inbox", .timeLimit(.minutes(10)))
struct InboxScenarioTests {
    static func inbox(_ session: ScenarioSession, _ member: UUID) -> NotificationsQueries {
        NotificationsQueries(client: session.client(member))
    }

    @Test(
        "a promotion and a pass-over are told to their members only, with the booking and the reason",
        arguments: ScenarioBackend.available)
    func promotionAndPassOver(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let seed = session.seed
            let popular = try await session.addClass(capacity: 1, cost: 2)
            let bobs = try await BookingQueries(client: session.client(seed.bob.id)).bookSession(id: popular)
            _ = try await WaitlistQueries(client: session.client(seed.carol.id)).join(sessionId: popular)
            _ = try await WaitlistQueries(client: session.client(seed.alice.id)).join(sessionId: popular)
            #expect(try await Self.inbox(session, seed.alice.id).inbox().isEmpty)

            _ = try await BookingQueries(client: session.client(seed.bob.id)).cancelBooking(id: bobs.id)

            let alices = try await Self.inbox(session, seed.alice.id).inbox()
            let booking = try #require(
                try await BookingQueries(client: session.client(seed.alice.id))
                    .getActiveBookings(memberId: seed.alice.id, classSessionIds: [popular])[popular])
            #expect(alices.map(\.kind) == [.promoted] && alices.allSatisfy { $0.memberId == seed.alice.id })
            #expect(alices.first?.bookingId == booking && alices.first?.classSessionId == popular)
            #expect(alices.first?.isUnread == true)
            #expect(alices.first?.message == "You're in: a spot opened and you're booked.")
            let carols = try await Self.inbox(session, seed.carol.id).inbox()
            #expect(carols.map(\.kind) == [.passedOver] && carols.first?.reason == "FB003")
            let bobsInbox = try await Self.inbox(session, seed.bob.id).inbox()
            #expect(bobsInbox.map(\.kind) == [.refund] && bobsInbox.first?.amount == 2)
            #expect(bobsInbox.first?.bookingId == bobs.id && bobsInbox.first?.message == "2 credits refunded.")
            #expect(
                try await NotificationsQueries(client: session.anonymous).inbox().isEmpty,
                "row-level security: an anonymous caller reads no one's inbox")
            let everyone = try await NotificationsQueries(client: session.service).inbox(limit: 1000)
            #expect(
                Set(everyone.filter { $0.classSessionId == popular }.map(\.memberId))
                    == [seed.alice.id, seed.bob.id, seed.carol.id], "the service role reads every inbox")
        }
    }

    @Test(
        "a member marks their own notifications read, never another member's; signed out it is refused",
        arguments: ScenarioBackend.available)
    func markingRead(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let seed = session.seed
            let popular = try await session.addClass(capacity: 1, cost: 2)
            let bobs = try await BookingQueries(client: session.client(seed.bob.id)).bookSession(id: popular)
            _ = try await BookingQueries(client: session.client(seed.bob.id)).cancelBooking(id: bobs.id)
            let refund = try #require(try await Self.inbox(session, seed.bob.id).inbox().first)

            #expect(try await Self.inbox(session, seed.alice.id).markRead(ids: [refund.id]) == 0)
            #expect(try await Self.inbox(session, seed.bob.id).inbox(unreadOnly: true).map(\.id) == [refund.id])
            await #expect(throws: BookingError.notSignedIn) {
                do {
                    try await NotificationsQueries(client: session.anonymous).markRead(ids: [refund.id])
                } catch let error as DatabaseError {
                    throw BookingError(error) ?? error
                }
            }
            #expect(try await Self.inbox(session, seed.bob.id).markRead(ids: [refund.id, UUID()]) == 1)
            #expect(try await Self.inbox(session, seed.bob.id).markRead(ids: [refund.id]) == 0, "already read")
            #expect(try await Self.inbox(session, seed.bob.id).inbox(unreadOnly: true).isEmpty)
            #expect(try await Self.inbox(session, seed.bob.id).inbox().first?.readAt != nil)
        }
    }

    @Test(
        "the studio cancels a class: its line closes at once and its booked and waiting members are told",
        arguments: ScenarioBackend.available)
    func cancelledClass(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let seed = session.seed
            let popular = try await session.addClass(capacity: 1, cost: 0)
            _ = try await BookingQueries(client: session.client(seed.bob.id)).bookSession(id: popular)
            let alice = WaitlistQueries(client: session.client(seed.alice.id))
            _ = try await alice.join(sessionId: popular)

            try await session.service.from("class_sessions")
                .update(["cancelled_at": .string(WireDate.string(from: Date()))] as JSONValue)
                .eq("id", value: popular).execute()

            for member in [seed.alice.id, seed.bob.id] {
                let told = try await Self.inbox(session, member).inbox()
                #expect(told.map(\.kind) == [.classCancelled] && told.first?.classSessionId == popular)
            }
            let entries = try await alice.entries().filter { $0.classSessionId == popular }
            #expect(entries.map(\.status) == [.closed] && entries.first?.note == "FW005")
            let line = try #require(try await alice.lines(for: [popular])[popular])
            #expect(!line.isOpen && line.waiting == 0 && line.place == nil)
        }
    }

    @Test(
        "the studio moves a class: its booked and waiting members are told the new start",
        arguments: ScenarioBackend.available)
    func movedClass(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let seed = session.seed
            let popular = try await session.addClass(capacity: 1, cost: 0)
            _ = try await BookingQueries(client: session.client(seed.bob.id)).bookSession(id: popular)
            _ = try await WaitlistQueries(client: session.client(seed.alice.id)).join(sessionId: popular)
            let later = FitKitSeed.wholeSecond(Date()).addingTimeInterval(72 * 3600)

            try await session.service.from("class_sessions")
                .update(["starts_at": .string(WireDate.string(from: later))] as JSONValue)
                .eq("id", value: popular).execute()

            for member in [seed.alice.id, seed.bob.id] {
                let told = try await Self.inbox(session, member).inbox()
                #expect(told.map(\.kind) == [.classMoved] && told.first?.startsAt == later)
            }
            #expect(try await Self.inbox(session, seed.carol.id).inbox().isEmpty)
        }
    }

    @Test(
        "a write refused after it set off a promotion leaves no promotion and no inbox row",
        arguments: ScenarioBackend.available)
    func refusedWriteTellsNobody(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let seed = session.seed
            let popular = try await session.addClass(capacity: 1, cost: 2)
            let bobs = try await BookingQueries(client: session.client(seed.bob.id)).bookSession(id: popular)
            _ = try await WaitlistQueries(client: session.client(seed.alice.id)).join(sessionId: popular)

            // Bob's booking has its ledger row: deleting it breaks the ledger's foreign key, and the whole statement,
            // the promotion its trigger started included, is undone.
            let error = await #expect(throws: DatabaseError.self) {
                try await session.service.from("bookings").delete().eq("id", value: bobs.id).execute()
            }
            #expect(error?.code == "23503")
            #expect(try await Self.inbox(session, seed.alice.id).inbox().isEmpty)
            let entries = try await WaitlistQueries(client: session.client(seed.alice.id)).entries()
            #expect(entries.filter { $0.classSessionId == popular }.map(\.status) == [.waiting])
        }
    }

    @Test(
        "a following inbox store hears of a promotion without reloading, and a new store reads it after a relaunch",
        arguments: ScenarioBackend.available.filter(\.canFollow))
    func followedAndRelaunched(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let seed = session.seed
            let popular = try await session.addClass(capacity: 1, cost: 0)
            let bobs = try await BookingQueries(client: session.client(seed.bob.id)).bookSession(id: popular)
            _ = try await WaitlistQueries(client: session.client(seed.alice.id)).join(sessionId: popular)
            let store = NotificationsStore(queries: Self.inbox(session, seed.alice.id))
            await store.load()
            #expect(store.notifications.isEmpty)
            var news = store.news.makeAsyncIterator()
            let following = Task { await store.follow() }

            _ = try await BookingQueries(client: session.client(seed.bob.id)).cancelBooking(id: bobs.id)

            #expect(await news.next()?.kind == .promoted)
            await waitUntil { store.unreadCount == 1 }
            following.cancel()
            await following.value

            // A relaunched app: new stores, nothing remembered but the database.
            let relaunched = WaitlistStore(queries: WaitlistQueries(client: session.client(seed.alice.id)))
            var events = relaunched.events.makeAsyncIterator()
            await relaunched.load(sessionIds: [popular])
            guard case .promoted(let sessionId, _)? = await events.next() else {
                Issue.record("the relaunched store reported no promotion")
                return
            }
            #expect(sessionId == popular)
            let inbox = NotificationsStore(queries: Self.inbox(session, seed.alice.id))
            await inbox.load()
            try await inbox.markAllRead()
            #expect(inbox.unreadCount == 0 && inbox.error == nil)
            #expect(try await Self.inbox(session, seed.alice.id).inbox(unreadOnly: true).isEmpty)
        }
    }
}
