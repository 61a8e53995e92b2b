import Booking
import Events
import FitCore
import FitInMemory
import FitKitTestSupport
import FitTesting
import Foundation
import Testing

/// The in-memory change feed: after commit, in commit order, per follower, with row-level security.
@Suite(.timeLimit(.minutes(10))) struct ChangeFeedTests {
    /// Collects the next `count` changes of `feed`.
    private func next(_ count: Int, of feed: AsyncThrowingStream<DatabaseChange, any Error>) async throws
        -> [DatabaseChange]
    {
        var changes: [DatabaseChange] = []
        for try await change in feed {
            changes.append(change)
            if changes.count == count { break }
        }
        return changes
    }

    private func kinds(_ changes: [DatabaseChange]) -> [String] {
        changes.map { change in
            switch change {
            case .row(let kind, let table, _, _): "\(kind.rawValue) \(table)"
            case .missedChanges(let table): "missed \(table)"
            }
        }
    }

    @Test func insertsUpdatesAndDeletesArriveAfterCommitWithKeyAndRow() async throws {
        let fixture = try await FitFixture.make()
        let alice = fixture.client(as: fixture.alice)
        let feed = alice.changes(to: "events")
        let event = Event(title: "Race", date: fixture.clock.date, textColor: .black)
        let queries = EventsQueries(client: alice)
        _ = try await queries.createEvent(event)
        var renamed = event
        renamed.title = "Race day"
        _ = try await queries.updateEvent(renamed)
        try await queries.deleteEvents(ids: [event.id])
        let changes = try await next(3, of: feed)
        #expect(kinds(changes) == ["insert events", "update events", "delete events"])
        guard case .row(_, _, let key, let row) = changes[1] else { return }
        #expect(key == ["id": .string(event.id.uuidString.lowercased())])
        #expect(row?.objectValue?["title"] == .string("Race day"))
        guard case .row(_, _, _, let deleted) = changes[2] else { return }
        #expect(deleted == nil)
    }

    @Test func aMemberNeverReceivesAnotherMembersPrivateRowsNotEvenTheirKeys() async throws {
        let fixture = try await FitFixture.make()
        let bobFeed = fixture.client(as: fixture.bob).changes(to: "events")
        _ = try await EventsQueries(client: fixture.client(as: fixture.alice)).createEvent(
            Event(title: "Secret", date: fixture.clock.date, textColor: .black))
        _ = try await EventsQueries(client: fixture.client(as: fixture.bob)).createEvent(
            Event(title: "Mine", date: fixture.clock.date, textColor: .black))
        let changes = try await next(1, of: bobFeed)
        guard case .row(.insert, _, _, let row) = changes[0] else {
            Issue.record("expected Bob's insert, got \(changes)")
            return
        }
        #expect(row?.objectValue?["title"] == .string("Mine"), "Alice's event never reached Bob's feed")
    }

    @Test func aBookingChangesBookingsTheLedgerAndTheViewForEveryoneWhoMaySeeThem() async throws {
        let fixture = try await FitFixture.make()
        let aliceBookings = fixture.client(as: fixture.alice).changes(to: "bookings")
        let aliceLedger = fixture.client(as: fixture.alice).changes(to: "credit_ledger")
        let bobBookings = fixture.client(as: fixture.bob).changes(to: "bookings")
        let bobView = fixture.client(as: fixture.bob).changes(
            to: "bookable_sessions",
            where: .condition(column: "session_id", operator: .eq, value: .uuid(fixture.upcomingClass)))
        _ = try await BookingQueries(client: fixture.client(as: fixture.alice)).bookSession(id: fixture.upcomingClass)
        _ = try await BookingQueries(client: fixture.client(as: fixture.bob)).bookSession(id: fixture.soonClass)
        #expect(kinds(try await next(1, of: aliceBookings)) == ["insert bookings"])
        #expect(kinds(try await next(1, of: aliceLedger)) == ["insert credit_ledger"])
        let bobsOwn = try await next(1, of: bobBookings)
        guard case .row(.insert, _, _, let row) = bobsOwn[0] else { return }
        #expect(row?.objectValue?["class_session_id"] == .string(fixture.soonClass.uuidString.lowercased()))
        let view = try await next(1, of: bobView)
        guard case .row(.update, _, let key, let session) = view[0] else {
            Issue.record("expected the class's row to change, got \(view)")
            return
        }
        #expect(key == ["session_id": .string(fixture.upcomingClass.uuidString.lowercased())])
        #expect(session?.objectValue?["spots_remaining"] == .number(9))
        #expect(session?.objectValue?["is_booked"] == .bool(false), "Bob sees the spot go, not Alice's booking")
    }

    @Test func aRefusedWriteChangesNothingAndPublishesNothing() async throws {
        let fixture = try await FitFixture.make()
        let feed = fixture.client(as: fixture.carol).changes(to: "bookings")
        await #expect(throws: BookingError.insufficientCredits) {
            try await BookingQueries(client: fixture.client(as: fixture.carol)).bookSession(id: fixture.upcomingClass)
        }
        _ = try await BookingQueries(client: fixture.client(as: fixture.carol)).bookSession(id: fixture.freeClass)
        let changes = try await next(1, of: feed)
        guard case .row(.insert, _, _, let row) = changes[0] else { return }
        #expect(row?.objectValue?["class_session_id"] == .string(fixture.freeClass.uuidString.lowercased()))
    }

    /// 1000 changes, or 200 under ThreadSanitizer (``ThreadSanitizer/isActive``).
    @Test func aBurstOfChangesArrivesInOrderWithNoneLost() async throws {
        let count = ThreadSanitizer.isActive ? 200 : 1000
        let fixture = try await FitFixture.make()
        let alice = fixture.client(as: fixture.alice)
        let feed = alice.changes(to: "workouts")
        for index in 0..<count {
            try await alice.from("workouts").insert(
                ["title": .string("W\(index)"), "performed_at": .string(WireDate.string(from: fixture.clock.date))]
                    as JSONValue
            ).execute()
        }
        let titles = try await next(count, of: feed).compactMap { change -> String? in
            guard case .row(.insert, _, _, let row) = change, case .string(let title)? = row?.objectValue?["title"]
            else { return nil }
            return title
        }
        #expect(titles == (0..<count).map { "W\($0)" })
    }

    @Test func anUnknownTableFailsAtOnce() async throws {
        let fixture = try await FitFixture.make()
        await #expect(throws: DatabaseError.unknownTable("nope")) {
            for try await _ in fixture.anonymous.changes(to: "nope") {}
        }
    }

    @Test func aFollowerLeavesWhenItsTaskIsCancelled() async throws {
        let fixture = try await FitFixture.make()
        let feed = fixture.client(as: fixture.alice).changes(to: "events")
        #expect(fixture.database.changeFollowerCount == 1)
        let following = Task { for try await _ in feed {} }
        following.cancel()
        _ = await following.result
        #expect(fixture.database.changeFollowerCount == 0)
    }
}
