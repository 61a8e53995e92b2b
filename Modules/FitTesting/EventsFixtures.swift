import Events
import FitCore
import Foundation

/// Ready-made data for Events tests: two members, a database with the `events` table, and sample events
/// at fixed offsets from a fixed date.
public enum EventsFixtures {
    /// The date ``TestClock`` starts at by default (2026-06-04 18:00:00 UTC).
    public static let referenceDate = Date(timeIntervalSince1970: 1_780_596_000)

    /// Member A, the usual signed-in member.
    public static let memberA = Member(
        id: UUID(uuidString: "A0000000-0000-0000-0000-00000000000A")!, displayName: "Ada", email: "ada@example.com")
    /// Member B, whose rows member A must never see.
    public static let memberB = Member(
        id: UUID(uuidString: "B0000000-0000-0000-0000-00000000000B")!, displayName: "Bo", email: "bo@example.com")

    /// A database with `members` and `events` installed and both members present (seeding is skipped for
    /// members already there, so reopening a persisted file works). `now()` follows `clock`.
    public static func makeDatabase(clock: TestClock = TestClock(), persistingTo fileURL: URL? = nil) async throws
        -> InMemoryDatabase
    {
        let database = try InMemoryDatabase(clock: clock, now: { clock.date }, persistingTo: fileURL)
        try EventsSchema.install(on: database)
        try await database.client(as: .service).from("members")
            .upsert([memberA, memberB], onConflict: "id", ignoreDuplicates: true).execute()
        return database
    }

    /// Four events around `now`: a past one, two on the same day with different titles, and a far one.
    public static func sampleEvents(around now: Date = referenceDate) -> [Event] {
        [
            Event(
                id: UUID(uuidString: "E0000000-0000-0000-0000-000000000001")!, title: "Marathon",
                date: now.addingTimeInterval(30 * 86_400), textColor: RGBAColor(red: 0xFF, green: 0x88, blue: 0x00)),
            Event(
                id: UUID(uuidString: "E0000000-0000-0000-0000-000000000002")!, title: "Birthday",
                date: now.addingTimeInterval(2 * 86_400), textColor: RGBAColor(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x80),
                imageData: Data([0x89, 0x50, 0x4E, 0x47])),
            Event(
                id: UUID(uuidString: "E0000000-0000-0000-0000-000000000003")!, title: "Anniversary",
                date: now.addingTimeInterval(2 * 86_400), textColor: .black),
            Event(
                id: UUID(uuidString: "E0000000-0000-0000-0000-000000000004")!, title: "Race day",
                date: now.addingTimeInterval(-300), textColor: .white),
        ]
    }
}
