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
/// ``TestClock/date``), with FitKit's one seed (``/FitContract/FitKitSeed``) written relative to the clock.
///
/// ```swift
/// let fixture = try await FitFixture.make()
/// let store = EventsStore(queries: EventsQueries(client: fixture.client(as: fixture.alice)))
/// await store.load()
/// #expect(fixture.database.requests.count == 1)
/// ```
///
/// Every handle of the seed reads on the fixture itself (`fixture.alice`, `fixture.upcomingClass`,
/// `fixture.londonStudio`): members Alice (New York, 20 credits), Bob (London, 20 credits, 5 expiring) and Carol
/// (London, none) besides the demo's three, two studios, a week of classes and a class for every booking rule.
///
/// Ids are the seed's fixed ones and every seed write skips rows that exist, so making a fixture again on the same
/// persisted file changes nothing. The request log is cleared afterwards, so a test counts only its own requests.
@dynamicMemberLookup
public struct FitFixture: Sendable {
    /// The database, behind a ``RequestRig`` whose request log, faults and latency are the test's to use.
    public let database: TestDatabase
    /// The clock the database's latency sleeps on and its `now()` follows.
    public let clock: TestClock
    /// The seed the database holds, with fixed ids.
    public let seed = FitKitSeed.fixed

    /// Alice: New York (`America/New_York`, DST from 2026-03-08); 20 credits.
    public static let alice = FitKitSeed.fixed.alice
    /// Bob: London (`Europe/London`, DST from 2026-03-29); 20 credits. Alice must never see Bob's rows.
    public static let bob = FitKitSeed.fixed.bob
    /// Carol: London; no credits.
    public static let carol = FitKitSeed.fixed.carol

    /// A handle of ``seed``: a member (`fixture.alice`), a studio or a class (`fixture.upcomingClass`).
    ///
    /// - Parameter keyPath: The handle on ``/FitContract/FitKitSeed``.
    /// - Returns: Its value for the fixed ids.
    public subscript<Value>(dynamicMember keyPath: KeyPath<FitKitSeed, Value>) -> Value { seed[keyPath: keyPath] }

    /// The back office of ``database``, writing through the service role (`fixture.backOffice.addSession(…)`).
    public var backOffice: BackOffice { BackOffice(service: service) }

    /// The date ``TestClock`` starts at (2026-06-04 18:00:00 UTC): what the seed is relative to by default.
    public static let referenceDate = TestClock.defaultStartDate

    /// Makes the database and seeds it.
    ///
    /// An app's own feature composes its declaration with FitKit's and gets the same fixture, its tables installed
    /// and its rows of the seed written after FitKit's:
    ///
    /// ```swift
    /// let fixture = try await FitFixture.make(features: FitKitContract.features + [memberships])
    /// ```
    ///
    /// - Parameters:
    ///   - features: The features the database has and the seed writes, in order (a feature after those it
    ///     references); FitKit's by default.
    ///   - clock: the test's clock.
    ///   - fileURL: persist the database to this file (for round-trip tests); reopening seeds nothing twice.
    /// - Returns: The fixture: the database with the features' contract installed, their seed written and the request
    ///   log cleared.
    /// - Throws: ``/FitInMemory/PersistenceError`` when the file cannot be read or is corrupt, or a
    ///   ``/FitCore/DatabaseError`` if the schema or the seed is refused.
    public static func make(
        features: [FeatureContract] = FitKitContract.features, clock: TestClock = TestClock(),
        persistingTo fileURL: URL? = nil
    ) async throws -> FitFixture {
        let engine = try InMemoryDatabase.embedded(features: features, now: { clock.date }, persistingTo: fileURL)
        let database = TestDatabase(engine, clock: clock)
        let fixture = FitFixture(database: database, clock: clock)
        try await fixture.seed.write(using: fixture.service, now: clock.date, features: features)
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

    /// `PREFIX-0000-4000-8000-00000000000N`: readable fixed ids (``/FitContract/SeedIdentity/fixed``).
    ///
    /// - Parameters:
    ///   - prefix: Exactly eight hex digits, e.g. `5E550000`.
    ///   - number: The row's number, 0 to 999 999 999 999.
    /// - Returns: The UUID. It traps when the text is not a UUID (a prefix that is not eight hex digits).
    public static func fixedID(_ prefix: String, _ number: Int) -> UUID { SeedIdentity.fixed.id(prefix, number) }
}
