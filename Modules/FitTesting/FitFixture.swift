import Booking
import Credits
import Events
import FitContract
import FitCore
import FitInMemory
import Foundation
import History
import Members

/// What a test of a FitKit feature starts from, the same for every feature: the embedded in-memory database
/// with FitKit's whole contract, on a ``TestClock`` (latency sleeps on it and the database's `now()` follows
/// ``TestClock/date``), seeded through the service role as a back office would.
///
/// ```swift
/// let fixture = try await FitFixture.make()
/// let store = EventsStore(queries: EventsQueries(client: fixture.client(as: fixture.alice)))
/// await store.load()
/// #expect(fixture.database.requests.count == 1)
/// ```
///
/// The seed, relative to ``TestClock/date`` when made (2026-06-04 18:00 UTC by default):
/// - members ``alice-swift.property`` (New York, 20 credits), ``bob-swift.property`` (London, 20 credits) and
///   ``carol-swift.property`` (London, none);
/// - one studio (``studioId``, London) with a class for every booking rule (``upcoming``, ``soon``, …);
/// - the HIIT exercise catalogue (``/History/ExerciseCatalogue/hiit``).
///
/// Ids are fixed and every seed write skips rows that exist, so making a fixture again on the same persisted
/// file changes nothing. The request log is cleared afterwards, so a test counts only its own requests.
public struct FitFixture: Sendable {
    /// The database, behind a ``RequestRig`` whose request log, faults and latency are the test's to use.
    public let database: TestDatabase
    /// The clock the database's latency sleeps on and its `now()` follows.
    public let clock: TestClock

    /// New York (`America/New_York`, DST from 2026-03-08); 20 credits.
    public static let alice = member("A11CE000", "Alice Adams", timeZone: "America/New_York")
    /// London (`Europe/London`, DST from 2026-03-29); 20 credits. Alice must never see Bob's rows.
    public static let bob = member("B0B00000", "Bob Brown", timeZone: "Europe/London")
    /// London; no credits.
    public static let carol = member("CA201000", "Carol Clark", timeZone: "Europe/London")

    /// The same member as the static ``FitFixture/alice-swift.type.property``: New York, 20 credits.
    public var alice: Member { Self.alice }
    /// The same member as the static ``FitFixture/bob-swift.type.property``: London, 20 credits.
    public var bob: Member { Self.bob }
    /// The same member as the static ``FitFixture/carol-swift.type.property``: London, no credits.
    public var carol: Member { Self.carol }

    /// "FitKit Studio", `Europe/London`.
    public let studioId = FitFixture.fixedID("57D10000", 1)
    /// Starts in 2 days, capacity 10, costs 2 credits.
    public let upcoming = FitFixture.fixedID("5E550000", 1)
    /// Starts in 6 hours (inside the 12-hour no-refund window), capacity 10, costs 3 credits.
    public let soon = FitFixture.fixedID("5E550000", 2)
    /// Started 30 minutes ago.
    public let started = FitFixture.fixedID("5E550000", 3)
    /// Starts in 1 day but cancelled by the studio.
    public let cancelled = FitFixture.fixedID("5E550000", 4)
    /// Starts in 30 hours with capacity 0: always full.
    public let full = FitFixture.fixedID("5E550000", 5)
    /// Starts in 3 days and costs nothing.
    public let free = FitFixture.fixedID("5E550000", 6)
    /// Starts in 4 days and costs 50 credits (more than anyone has).
    public let expensive = FitFixture.fixedID("5E550000", 7)

    /// The date ``TestClock`` starts at (2026-06-04 18:00:00 UTC): what the seed is relative to by default.
    public static let referenceDate = TestClock.defaultStartDate

    /// Makes the database and seeds it.
    /// - Parameters:
    ///   - clock: the test's clock.
    ///   - fileURL: persist the database to this file (for round-trip tests); reopening seeds nothing twice.
    /// - Returns: The fixture: the database with the whole contract installed, the seed written and the request log
    ///   cleared.
    /// - Throws: ``/FitInMemory/PersistenceError`` when the file cannot be read or is corrupt, or a
    ///   ``/FitCore/DatabaseError`` if the seed is refused.
    public static func make(clock: TestClock = TestClock(), persistingTo fileURL: URL? = nil) async throws
        -> FitFixture
    {
        let engine = try InMemoryDatabase.embedded(now: { clock.date }, persistingTo: fileURL)
        let database = TestDatabase(engine, clock: clock)
        let fixture = FitFixture(database: database, clock: clock)
        try await fixture.seed()
        database.clearRequestLog()
        return fixture
    }

    private init(database: TestDatabase, clock: TestClock) {
        self.database = database
        self.clock = clock
    }

    // MARK: Clients

    /// A client acting as `member`, as the member's app would.
    ///
    /// - Parameter member: The member to act as.
    /// - Returns: A client of ``database`` acting as `.member(member.id)`.
    public func client(as member: Member) -> RiggedClient<InMemoryClient> { database.client(as: .member(member.id)) }
    /// A signed-out client.
    public var anonymous: RiggedClient<InMemoryClient> { database.client(as: .anonymous) }
    /// The service-role client (sees and writes everything): a back office.
    public var service: RiggedClient<InMemoryClient> { database.client(as: .service) }

    // MARK: Sample data

    /// Four events around `now`: a past one, two on the same day with different titles, and a far one; dates in
    /// whole seconds, so they survive the wire unchanged.
    ///
    /// - Parameter now: The date the events are placed around; ``referenceDate`` by default.
    /// - Returns: The four events, with fixed ids (`E0000000-…-1` to `-4`), in no particular order.
    public static func sampleEvents(around now: Date = referenceDate) -> [Event] {
        [
            Event(
                id: fixedID("E0000000", 1), title: "Marathon", date: now.addingTimeInterval(30 * 86_400),
                textColor: RGBAColor(red: 0xFF, green: 0x88, blue: 0x00)),
            Event(
                id: fixedID("E0000000", 2), title: "Birthday", date: now.addingTimeInterval(2 * 86_400),
                textColor: RGBAColor(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x80),
                imageData: Data([0x89, 0x50, 0x4E, 0x47])),
            Event(
                id: fixedID("E0000000", 3), title: "Anniversary", date: now.addingTimeInterval(2 * 86_400),
                textColor: .black),
            Event(
                id: fixedID("E0000000", 4), title: "Race day", date: now.addingTimeInterval(-300), textColor: .white),
        ]
    }

    /// `PREFIX-0000-4000-8000-00000000000N`: readable fixed ids.
    ///
    /// - Parameters:
    ///   - prefix: Exactly eight hex digits, e.g. `5E550000`.
    ///   - number: The row's number, 0 to 999 999 999 999.
    /// - Returns: The UUID. It traps when the text is not a UUID (a prefix that is not eight hex digits).
    public static func fixedID(_ prefix: String, _ number: Int) -> UUID {
        UUID(uuidString: "\(prefix)-0000-4000-8000-\(String(format: "%012d", number))")!
    }

    private static func member(_ prefix: String, _ name: String, timeZone: String) -> Member {
        let first = name.split(separator: " ")[0].lowercased()
        return Member(id: fixedID(prefix, 1), displayName: name, email: "\(first)@example.com", timeZone: timeZone)
    }
}
