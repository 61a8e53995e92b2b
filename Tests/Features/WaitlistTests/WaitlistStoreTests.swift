import Booking
import FitContract
import FitCore
import FitStores
import FitTesting
import Foundation
import ScenarioBackends
import Testing
import Waitlist

/// The store a screen uses: the action it offers, the labels, and the promotion reaching a member who follows.
@Suite("Waitlist store", .timeLimit(.minutes(10)))
struct WaitlistStoreTests {
    @Test(
        "the details screen offers Join, then the place and Leave; the timetable says Full · N waiting",
        arguments: ScenarioBackend.available)
    func actionsAndLabels(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let seed = session.seed
            let popular = try await session.addClass(capacity: 1)
            _ = try await BookingQueries(client: session.client(seed.bob.id)).bookSession(id: popular)
            let timetable = BookingQueries(client: session.client(seed.alice.id))
            func shown() async throws -> BookableSession {
                try #require(
                    try await timetable.getTimetable(from: Date(), to: Date().addingTimeInterval(3 * 86_400))
                        .first { $0.sessionId == popular })
            }
            let store = WaitlistStore(queries: WaitlistQueries(client: session.client(seed.alice.id)))
            await store.load(sessionIds: [popular, seed.upcomingClass])

            #expect(store.action(for: try await shown()) == .join(sessionId: popular))
            #expect(store.action(for: try await shown())?.title == "Join waitlist")
            let upcoming = try #require(
                try await timetable.getTimetable(from: Date(), to: Date().addingTimeInterval(3 * 86_400))
                    .first { $0.sessionId == seed.upcomingClass })
            #expect(store.action(for: upcoming) == nil, "a class with spots is booked, not waited for")

            let offered = store.sessionAction(for: try await shown(), booking: .book(try await shown()))
            #expect(offered == .waitlist(.join(sessionId: popular)) && offered?.title == "Join waitlist")
            #expect(store.sessionAction(for: upcoming, booking: .book(upcoming))?.title == "Book")
            let entry = try await store.run(.join(sessionId: popular))
            #expect(entry?.place == 1)
            #expect(store.line(for: popular)?.placeLabel == "You're 1st in line")
            #expect(store.action(for: try await shown()) == .leave(sessionId: popular))
            #expect(store.line(for: popular)?.spotsLabel(for: try await shown()) == "Full · 1 waiting")
            #expect(store.error == nil)

            await #expect(throws: WaitlistError.alreadyWaiting) { try await store.run(.join(sessionId: popular)) }
            #expect(store.error as? WaitlistError == .alreadyWaiting)
            try await store.run(.leave(sessionId: popular))
            #expect(store.line(for: popular)?.place == nil && store.line(for: popular)?.waiting == 0)
            #expect(store.action(for: try await shown()) == .join(sessionId: popular))
        }
    }

    @Test(
        "a member who follows sees the promotion without reloading, as an event an app can notify",
        arguments: ScenarioBackend.available.filter(\.canFollow))
    func promotionReachesAFollowingStore(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let seed = session.seed
            let popular = try await session.addClass(capacity: 1)
            let bobs = try await BookingQueries(client: session.client(seed.bob.id)).bookSession(id: popular)
            let store = WaitlistStore(queries: WaitlistQueries(client: session.client(seed.alice.id)))
            await store.load(sessionIds: [popular])
            try await store.run(.join(sessionId: popular))
            var events = store.events.makeAsyncIterator()

            let following = Task { await store.follow() }
            _ = try await BookingQueries(client: session.client(seed.bob.id)).cancelBooking(id: bobs.id)
            let event = await events.next()
            let alicesBooking = try await BookingQueries(client: session.client(seed.alice.id))
                .getActiveBookings(memberId: seed.alice.id, classSessionIds: [popular])[popular]
            #expect(event == .promoted(sessionId: popular, bookingId: try #require(alicesBooking)))
            #expect(event?.message == "You're in: a spot opened and you're booked.")
            await waitUntil { store.line(for: popular)?.place == nil }
            following.cancel()
            await following.value
            #expect(store.error == nil)
        }
    }

    @Test(
        "a following member's place moves when someone ahead leaves or is promoted, though RLS hides their entries",
        arguments: ScenarioBackend.available.filter(\.canFollow))
    func thePlaceMovesLive(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let seed = session.seed
            let popular = try await session.addClass(capacity: 1, cost: 0)
            let booking = try await BookingQueries(client: session.client(seed.bob.id)).bookSession(id: popular)
            _ = try await WaitlistQueries(client: session.client(seed.carol.id)).join(sessionId: popular)
            _ = try await WaitlistQueries(client: session.client(seed.maya.id)).join(sessionId: popular)
            _ = try await WaitlistQueries(client: session.client(seed.alice.id)).join(sessionId: popular)
            let store = WaitlistStore(queries: WaitlistQueries(client: session.client(seed.alice.id)))
            await store.load(sessionIds: [popular])
            #expect(store.line(for: popular)?.place == 3)
            let following = Task { await store.follow() }

            _ = try await WaitlistQueries(client: session.client(seed.maya.id)).leave(sessionId: popular)
            await waitUntil { store.line(for: popular)?.place == 2 }
            _ = try await BookingQueries(client: session.client(seed.bob.id)).cancelBooking(id: booking.id)
            await waitUntil { store.line(for: popular)?.place == 1 }
            #expect(store.line(for: popular)?.placeLabel == "You're 1st in line")
            following.cancel()
            await following.value
            #expect(store.error == nil)
        }
    }

    @Test("a member still in line when the list closes is told, once, even before a scheduler closes the entries")
    func theMemberIsToldWhenTheListCloses() async throws {
        let fixture = try await FitFixture.make()
        let clock = fixture.clock
        let queries = WaitlistQueries(client: fixture.client(as: fixture.alice))
        _ = try await queries.join(sessionId: fixture.fullClass)
        var store: WaitlistStore? = WaitlistStore(queries: queries, now: { clock.date })
        var events = try #require(store).events.makeAsyncIterator()
        await store?.load(sessionIds: [fixture.fullClass])
        let closesAt = try #require(store?.line(for: fixture.fullClass)?.closesAt)
        // The full class starts in 30 hours; London closes its lists an hour before.
        #expect(closesAt == clock.date.addingTimeInterval(29 * 3600))

        clock.advance(by: .seconds(29 * 3600))
        await store?.load()
        #expect(await events.next() == .closed(sessionId: fixture.fullClass))
        await store?.load()
        let closed: Int = try await fixture.service.rpc("close_waitlists", params: [String: String]()).execute().value
        #expect(closed == 1)
        await store?.load()
        // The scheduler's close is the same news: not told twice. Releasing the store ends its events.
        #expect(store?.state.entries.values.map(\.status) == [.closed])
        store = nil
        #expect(await events.next() == nil)
    }

    @Test("reads and actions agree at the cutoff to the second: open and joinable before it, closed from it")
    func theCutoffToTheSecond() async throws {
        let fixture = try await FitFixture.make()
        let clock = fixture.clock
        let alice = WaitlistStore(
            queries: WaitlistQueries(client: fixture.client(as: fixture.alice)), now: { clock.date })
        let bob = WaitlistQueries(client: fixture.client(as: fixture.bob))
        let carol = WaitlistQueries(client: fixture.client(as: fixture.carol))
        let full = try #require(
            try await BookingQueries(client: fixture.client(as: fixture.alice))
                .getTimetable(from: clock.date, to: clock.date.addingTimeInterval(3 * 86_400))
                .first { $0.sessionId == fixture.fullClass })
        _ = try await bob.join(sessionId: fixture.fullClass)
        await alice.load(sessionIds: [fixture.fullClass])
        let closesAt = try #require(alice.line(for: fixture.fullClass)?.closesAt)

        clock.advance(by: .seconds(Int64(closesAt.timeIntervalSince(clock.date)) - 1))
        await alice.load()
        #expect(alice.line(for: fixture.fullClass)?.isOpen == true)
        #expect(alice.line(for: fixture.fullClass)?.waiting == 1)
        #expect(alice.action(for: full) == .join(sessionId: fixture.fullClass))
        #expect(try await alice.run(.join(sessionId: fixture.fullClass))?.place == 2)
        #expect(alice.line(for: fixture.fullClass)?.placeLabel == "You're 2nd in line")
        #expect(alice.action(for: full) == .leave(sessionId: fixture.fullClass))

        clock.advance(by: .seconds(1))
        await alice.load()
        let line = try #require(alice.line(for: fixture.fullClass))
        #expect(!line.isOpen && line.waiting == 0 && line.place == nil && line.placeLabel == nil)
        #expect(alice.action(for: full) == nil, "no Leave and no Join once the list closed")
        #expect(alice.state.entries.values.map(\.status) == [.closed])
        await #expect(throws: WaitlistError.waitlistClosed) { try await carol.join(sessionId: fixture.fullClass) }
        await #expect(throws: WaitlistError.notWaiting) { try await bob.leave(sessionId: fixture.fullClass) }
    }

    @Test(
        "every promotion reaches a following store once, however its reloads interleave",
        arguments: ScenarioBackend.available.filter(\.canFollow))
    func repeatedPromotionsEachReachTheFollower(backend: ScenarioBackend) async throws {
        try await backend.with { session in
            let full = try await session.addClass(capacity: 1, cost: 0)
            let canceller = BookingQueries(client: session.directClient(session.seed.alice.id))
            let waiter = BookingQueries(client: session.directClient(session.seed.bob.id))
            let line = WaitlistQueries(client: session.directClient(session.seed.bob.id))
            let store = WaitlistStore(queries: line)
            await store.load(sessionIds: [full])
            var events = store.events.makeAsyncIterator()
            let following = Task { await store.follow() }
            var promotions: [UUID] = []
            for _ in 0..<5 {
                let booking = try await canceller.bookSession(id: full)
                _ = try await line.join(sessionId: full)
                await store.load()
                _ = try await canceller.cancelBooking(id: booking.id)
                guard case .promoted(_, let promoted)? = await events.next() else { break }
                promotions.append(promoted)
                _ = try await waiter.cancelBooking(id: promoted)
            }
            following.cancel()
            await following.value
            #expect(promotions.count == 5 && Set(promotions).count == 5)
        }
    }
}
