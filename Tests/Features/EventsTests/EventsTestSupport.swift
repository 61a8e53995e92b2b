import Events
import FitCore
import FitInMemory
import FitTesting
import Foundation
import Members

/// The fixture database, a store acting as Alice, and the clock.
struct EventsHarness {
    let clock: TestClock
    let fixture: FitFixture
    var database: TestDatabase { fixture.database }
    let store: EventsStore

    init(clock: TestClock = TestClock(), persistingTo fileURL: URL? = nil) async throws {
        self.clock = clock
        let fixture = try await FitFixture.make(clock: clock, persistingTo: fileURL)
        self.fixture = fixture
        store = EventsStore(
            queries: EventsQueries(client: fixture.client(as: fixture.alice)), clock: clock, now: { clock.date })
    }

    /// Every row of the events table owned by one of the seed's test members (whichever of them), sorted by title:
    /// what is really stored.
    func storedRows() async throws -> [StoredEventRow] {
        try await database.client(as: .service).from("events").select("id, member_id, title, text_color")
            .in("member_id", values: fixture.testMembers.map(\.id)).order("title").execute().value
    }

    /// A store acting as `member` on the same database.
    func store(for member: Member) -> EventsStore {
        EventsStore(
            queries: EventsQueries(client: database.client(as: .member(member.id))), clock: clock,
            now: { [clock] in clock.date })
    }
}

/// One row of the events table as the service role sees it.
struct StoredEventRow: Decodable, Sendable, Equatable {
    var id: UUID
    var memberId: UUID
    var title: String
    var textColor: String
}
