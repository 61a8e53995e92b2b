import FitCore
import FitInMemory
import Foundation
import Members

/// Rows the benchmarks write through the service role of an embedded database on the real clock (FitTesting's
/// fixture runs on a test clock, which injected latency would never pass).
enum BenchSeed {
    /// Adds a studio; returns its id.
    static func addStudio(to database: InMemoryDatabase, name: String, timeZone: String) async throws -> UUID {
        let id = UUID()
        try await database.client(as: .service).from("studios")
            .insert(["id": .string(id.uuidString), "name": .string(name), "time_zone": .string(timeZone)] as JSONValue)
            .execute()
        return id
    }

    /// Adds a member with a purchase of `credits`; returns the id.
    static func addMember(to database: InMemoryDatabase, name: String, credits: Decimal) async throws -> UUID {
        let member = Member(displayName: name, email: "\(name.lowercased())-\(UUID().uuidString)@example.com")
        let service = database.client(as: .service)
        try await service.from("members").insert(member).execute()
        try await service.from("credit_ledger")
            .insert(
                ["member_id": .string(member.id.uuidString), "amount": .number(credits), "reason": "purchase"]
                    as JSONValue
            )
            .execute()
        return member.id
    }

    /// Adds a class at `studio` starting at `startsAt`; returns its id.
    static func addSession(to database: InMemoryDatabase, studio: UUID, name: String, startsAt: Date) async throws
        -> UUID
    {
        let id = UUID()
        let row: JSONValue = [
            "id": .string(id.uuidString), "studio_id": .string(studio.uuidString), "name": .string(name),
            "starts_at": .string(WireDate.string(from: startsAt)), "duration_minutes": 45, "capacity": 10,
            "credit_cost": 2,
        ]
        try await database.client(as: .service).from("class_sessions").insert(row).execute()
        return id
    }
}
