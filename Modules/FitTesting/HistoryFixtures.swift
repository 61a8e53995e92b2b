import FitCore
import Foundation
import History

/// Ready-made History data for tests and demos: two members in different time zones and a database with the
/// History tables installed and the HIIT catalogue seeded.
public enum HistoryFixtures {
    /// A member in New York (a zone with DST on 2026-03-08).
    public static let ada = Member(
        id: UUID(uuidString: "0A0A0A0A-0000-4000-8000-00000000000A")!, displayName: "Ada Lovelace",
        email: "ada@example.com", timeZone: "America/New_York")
    /// A member in London (DST on 2026-03-29).
    public static let ben = Member(
        id: UUID(uuidString: "0B0B0B0B-0000-4000-8000-00000000000B")!, displayName: "Ben Okri",
        email: "ben@example.com", timeZone: "Europe/London")

    /// A database with `members` and the History tables, the HIIT catalogue and `members` (default: Ada and
    /// Ben). Calling it again on the same file adds nothing twice.
    /// - Parameters:
    ///   - clock: latency sleeps on it and `now()` follows its ``TestClock/date``.
    ///   - fileURL: persist to this file (for round-trip tests).
    public static func database(
        clock: TestClock = TestClock(), members: [Member] = [ada, ben], persistingTo fileURL: URL? = nil
    ) async throws -> InMemoryDatabase {
        let database = try InMemoryDatabase(clock: clock, now: { clock.date }, persistingTo: fileURL)
        try HistorySchema.install(on: database)
        try await HistorySchema.seedHIITExercises(on: database)
        if !members.isEmpty {
            try await database.client(as: .service).from("members")
                .upsert(members, onConflict: "id", ignoreDuplicates: true).execute()
        }
        return database
    }

    /// The member's time zone as a `TimeZone`.
    public static func timeZone(of member: Member) -> TimeZone {
        TimeZone(identifier: member.timeZone)!
    }

    /// A client acting as `member`.
    public static func client(_ database: InMemoryDatabase, as member: Member) -> InMemoryClient {
        database.client(as: .member(member.id))
    }
}
