import Events
import FitCore
import FitTesting
import Foundation

/// A database with the events schema and both fixture members, a store acting as member A, and the clock.
struct EventsHarness {
    let clock: TestClock
    let database: InMemoryDatabase
    let store: EventsStore

    init(clock: TestClock = TestClock(), persistingTo fileURL: URL? = nil) async throws {
        self.clock = clock
        database = try await EventsFixtures.makeDatabase(clock: clock, persistingTo: fileURL)
        store = EventsStore(client: database.client(as: .member(EventsFixtures.memberA.id)), clock: clock, now: { clock.date })
    }

    /// Every row of the events table, whoever owns it, as (title, member) sorted by title: what is really stored.
    func storedRows() async throws -> [StoredEventRow] {
        try await database.client(as: .service).from("events").select("id, member_id, title, text_color")
            .order("title").execute().value
    }

    /// A store acting as `member` on the same database.
    func store(for member: Member) -> EventsStore {
        EventsStore(client: database.client(as: .member(member.id)), clock: clock, now: { [clock] in clock.date })
    }
}

/// One row of the events table as the service role sees it.
struct StoredEventRow: Decodable, Sendable, Equatable {
    var id: UUID
    var memberId: UUID
    var title: String
    var textColor: String
}

extension EventsFixtures {
    /// Sample events with whole-second dates, so they survive the wire's millisecond precision unchanged.
    static var samples: [Event] { sampleEvents(around: referenceDate) }
}
