import Booking
import Credits
import FitCore
import Foundation

/// Ready-made booking data for tests: an in-memory database with the booking schema, a studio, a handful
/// of sessions covering every rule, and members with credits. Seeded through the service-role client,
/// as a back office would; tests then act as a member with ``BookingFixtures/Seed/client(for:)``.
public enum BookingFixtures {
    /// The ids of what ``makeDatabase(now:clock:)`` seeded.
    public struct Seed: Sendable {
        public let database: InMemoryDatabase
        /// "FitKit Studio", `Europe/London`.
        public let studioId: UUID
        /// Starts in 2 days, capacity 10, costs 2 credits.
        public let upcoming: UUID
        /// Starts in 6 hours (inside the 12-hour no-refund window), capacity 10, costs 3 credits.
        public let soon: UUID
        /// Started 30 minutes ago.
        public let started: UUID
        /// Starts in 1 day but cancelled by the studio.
        public let cancelled: UUID
        /// Starts in 30 hours with capacity 0: always full.
        public let full: UUID
        /// Starts in 3 days and costs nothing.
        public let free: UUID
        /// Starts in 4 days and costs 50 credits (more than anyone has).
        public let expensive: UUID
        /// 20 credits.
        public let alice: UUID
        /// 20 credits.
        public let bob: UUID
        /// No credits.
        public let carol: UUID

        /// A client acting as `member`.
        public func client(for member: UUID) -> InMemoryClient { database.client(as: .member(member)) }
        /// The service-role client (sees and writes everything).
        public var service: InMemoryClient { database.client(as: .service) }
    }

    /// ``makeDatabase(now:clock:)`` with `clock` as both the latency clock and the source of "now"
    /// (``TestClock/date``), so advancing the clock moves the database's `now()` too.
    public static func makeDatabase(clock: TestClock) async throws -> Seed {
        try await makeDatabase(now: { clock.date }, clock: clock)
    }

    /// A database with the booking schema installed and seeded relative to `now()`; the request log is
    /// cleared afterwards, so tests count only their own requests.
    public static func makeDatabase(
        now: @escaping @Sendable () -> Date, clock: any Clock<Duration> = ContinuousClock()
    ) async throws -> Seed {
        let database = try InMemoryDatabase(clock: clock, now: now)
        try BookingSchema.install(on: database)
        let start = now()
        let hour: TimeInterval = 3600
        let studio = try await addStudio(to: database, name: "FitKit Studio", timeZone: "Europe/London")
        func session(_ name: String, in hours: TimeInterval, capacity: Int = 10, cost: Decimal = 2, cancelled: Bool = false)
            async throws -> UUID
        {
            try await addSession(
                to: database, studioId: studio, name: name, startsAt: start.addingTimeInterval(hours * hour),
                capacity: capacity, creditCost: cost, cancelledAt: cancelled ? start : nil)
        }
        let seed = Seed(
            database: database,
            studioId: studio,
            upcoming: try await session("Yoga Flow", in: 48),
            soon: try await session("Spin", in: 6, cost: 3),
            started: try await session("Early Pilates", in: -0.5),
            cancelled: try await session("Boxing", in: 24, cancelled: true),
            full: try await session("Private Session", in: 30, capacity: 0),
            free: try await session("Open Gym", in: 72, cost: 0),
            expensive: try await session("Masterclass", in: 96, cost: 50),
            alice: try await addMember(to: database, name: "Alice", credits: 20),
            bob: try await addMember(to: database, name: "Bob", credits: 20),
            carol: try await addMember(to: database, name: "Carol", credits: 0)
        )
        database.clearRequestLog()
        return seed
    }

    /// Adds a studio; returns its id.
    public static func addStudio(to database: InMemoryDatabase, name: String, timeZone: String) async throws -> UUID {
        let id = UUID()
        try await database.client(as: .service).from("studios")
            .insert(["id": .string(id.uuidString), "name": .string(name), "time_zone": .string(timeZone)] as JSONValue)
            .execute()
        return id
    }

    /// Adds a class session; returns its id.
    public static func addSession(
        to database: InMemoryDatabase, studioId: UUID, name: String, startsAt: Date, durationMinutes: Int = 45,
        capacity: Int = 10, creditCost: Decimal = 2, instructorName: String? = "Sam", description: String? = nil,
        cancelledAt: Date? = nil
    ) async throws -> UUID {
        let id = UUID()
        let row: JSONValue = [
            "id": .string(id.uuidString), "studio_id": .string(studioId.uuidString), "name": .string(name),
            "description": description.map(JSONValue.string) ?? .null,
            "instructor_name": instructorName.map(JSONValue.string) ?? .null,
            "starts_at": .string(WireDate.string(from: startsAt)), "duration_minutes": .number(Decimal(durationMinutes)),
            "capacity": .number(Decimal(capacity)), "credit_cost": .number(creditCost),
            "cancelled_at": cancelledAt.map { .string(WireDate.string(from: $0)) } ?? .null,
        ]
        try await database.client(as: .service).from("class_sessions").insert(row).execute()
        return id
    }

    /// Adds a member and, when `credits` is positive, a purchase of that many credits; returns the id.
    public static func addMember(
        to database: InMemoryDatabase, name: String, credits: Decimal, expiresAt: Date? = nil
    ) async throws -> UUID {
        let id = UUID()
        try await database.client(as: .service).from("members")
            .insert([
                "id": .string(id.uuidString), "display_name": .string(name),
                "email": .string("\(name.lowercased())-\(id.uuidString.prefix(8).lowercased())@example.com"),
            ] as JSONValue)
            .execute()
        if credits > 0 { try await addCredits(to: database, member: id, amount: credits, expiresAt: expiresAt) }
        return id
    }

    /// Adds `count` members with `credits` each, in two requests; returns their ids.
    public static func addMembers(to database: InMemoryDatabase, count: Int, credits: Decimal) async throws -> [UUID] {
        let ids = (0..<count).map { _ in UUID() }
        let service = database.client(as: .service)
        try await service.from("members").insert(JSONValue.array(ids.enumerated().map { index, id in
            ["id": .string(id.uuidString), "display_name": .string("Member \(index)"), "email": .string("member\(index)-\(id.uuidString)@example.com")]
        })).execute()
        if credits > 0 {
            try await service.from("credit_ledger").insert(JSONValue.array(ids.map { id in
                ["member_id": .string(id.uuidString), "amount": .number(credits), "reason": "purchase"]
            })).execute()
        }
        return ids
    }

    /// Records a ledger row for `member` (a purchase by default).
    public static func addCredits(
        to database: InMemoryDatabase, member: UUID, amount: Decimal, reason: CreditLedgerEntry.Reason = .purchase,
        expiresAt: Date? = nil
    ) async throws {
        try await database.client(as: .service).from("credit_ledger")
            .insert([
                "member_id": .string(member.uuidString), "amount": .number(amount), "reason": .string(reason.rawValue),
                "expires_at": expiresAt.map { .string(WireDate.string(from: $0)) } ?? .null,
            ] as JSONValue)
            .execute()
    }

    /// The sum of `member`'s ledger, read as the service role.
    public static func ledgerBalance(in database: InMemoryDatabase, member: UUID) async throws -> Decimal {
        let rows: [CreditLedgerEntry] = try await database.client(as: .service).from("credit_ledger").select()
            .eq("member_id", value: member).execute().value
        return rows.reduce(0) { $0 + $1.amount }
    }
}
