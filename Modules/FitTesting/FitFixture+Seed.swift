import Credits
import FitCore
import Foundation
import History
import Members

extension FitFixture {
    /// Writes the seed through the service role; rows that exist are skipped.
    func seed() async throws {
        try await service.from("members").upsert([alice, bob, carol], onConflict: "id", ignoreDuplicates: true)
            .execute()
        try await addStudio(id: studioId, name: "FitKit Studio", timeZone: "Europe/London")
        let start = clock.date
        let hour: TimeInterval = 3600
        let classes: [(UUID, String, TimeInterval, Int, Decimal, Bool)] = [
            (upcoming, "Yoga Flow", 48, 10, 2, false),
            (soon, "Spin", 6, 10, 3, false),
            (started, "Early Pilates", -0.5, 10, 2, false),
            (cancelled, "Boxing", 24, 10, 2, true),
            (full, "Private Session", 30, 0, 2, false),
            (free, "Open Gym", 72, 10, 0, false),
            (expensive, "Masterclass", 96, 10, 50, false),
        ]
        for (id, name, hours, capacity, cost, isCancelled) in classes {
            try await addSession(
                id: id, name: name, startsAt: start.addingTimeInterval(hours * hour), capacity: capacity,
                creditCost: cost, cancelledAt: isCancelled ? start : nil)
        }
        try await addCredits(20, to: alice, id: Self.fixedID("C4ED1700", 1))
        try await addCredits(20, to: bob, id: Self.fixedID("C4ED1700", 2))
        try await HistoryQueries(client: service).createExercises(ExerciseCatalogue.hiit)
    }

    // MARK: Adding data

    /// Adds a studio (skipped when `id` exists); returns its id.
    ///
    /// - Parameters:
    ///   - id: The studio's id; a new one by default.
    ///   - name: The studio's name.
    ///   - timeZone: Its IANA time zone (`Europe/London`), in which its class times show.
    /// - Returns: `id`.
    /// - Throws: A ``/FitCore/DatabaseError`` when the in-memory database refuses the row.
    @discardableResult
    public func addStudio(id: UUID = UUID(), name: String, timeZone: String) async throws -> UUID {
        let row: JSONValue = ["id": .string(id.uuidString), "name": .string(name), "time_zone": .string(timeZone)]
        try await service.from("studios").upsert(row, onConflict: "id", ignoreDuplicates: true).execute()
        return id
    }

    /// Adds a class session at ``studioId`` unless another studio is given (skipped when `id` exists);
    /// returns its id.
    ///
    /// - Parameters:
    ///   - id: The session's id; a new one by default.
    ///   - studioId: Its studio; ``studioId`` by default.
    ///   - name: The class's name.
    ///   - startsAt: When it starts.
    ///   - durationMinutes: How long it lasts, in minutes; 45 by default.
    ///   - capacity: How many members can book it; 10 by default.
    ///   - creditCost: What booking costs, in credits; 2 by default.
    ///   - instructorName: Who teaches it, or `nil`; "Sam" by default.
    ///   - description: The class's description, or `nil` (the default).
    ///   - cancelledAt: When the studio cancelled it, or `nil` (the default) for a class that runs.
    /// - Returns: `id`.
    /// - Throws: A ``/FitCore/DatabaseError`` when the in-memory database refuses the row (`23503` for a studio that
    ///   does not exist, `23514` for a value its check refuses, such as a duration of 0).
    @discardableResult
    public func addSession(
        id: UUID = UUID(), studioId: UUID? = nil, name: String, startsAt: Date, durationMinutes: Int = 45,
        capacity: Int = 10, creditCost: Decimal = 2, instructorName: String? = "Sam", description: String? = nil,
        cancelledAt: Date? = nil
    ) async throws -> UUID {
        let row: JSONValue = [
            "id": .string(id.uuidString), "studio_id": .string((studioId ?? self.studioId).uuidString),
            "name": .string(name), "description": description.map(JSONValue.string) ?? .null,
            "instructor_name": instructorName.map(JSONValue.string) ?? .null,
            "starts_at": .string(WireDate.string(from: startsAt)),
            "duration_minutes": .number(Decimal(durationMinutes)), "capacity": .number(Decimal(capacity)),
            "credit_cost": .number(creditCost),
            "cancelled_at": cancelledAt.map { .string(WireDate.string(from: $0)) } ?? .null,
        ]
        try await service.from("class_sessions").upsert(row, onConflict: "id", ignoreDuplicates: true).execute()
        return id
    }

    /// Adds a member with a purchase of `credits` when positive (skipped when the id exists).
    ///
    /// - Parameters:
    ///   - name: The display name; the email is made from it and the new id, so it is unique.
    ///   - timeZone: The member's IANA time zone; `UTC` by default.
    ///   - credits: Credits to buy for the member; none by default.
    ///   - expiresAt: When those credits expire, or `nil` (the default) for never.
    /// - Returns: The new member, with a new id.
    /// - Throws: A ``/FitCore/DatabaseError`` when the in-memory database refuses the member or the ledger row.
    @discardableResult
    public func addMember(
        _ name: String, timeZone: String = "UTC", credits: Decimal = 0, expiresAt: Date? = nil
    ) async throws -> Member {
        let id = UUID()
        let member = Member(
            id: id, displayName: name,
            email: "\(name.lowercased())-\(id.uuidString.prefix(8).lowercased())@example.com",
            timeZone: timeZone)
        try await service.from("members").insert(member).execute()
        if credits > 0 { try await addCredits(credits, to: member, expiresAt: expiresAt) }
        return member
    }

    /// Adds `count` members with `credits` each, in two requests.
    ///
    /// - Parameters:
    ///   - count: How many members to add, named `Member 0`, `Member 1`, ….
    ///   - credits: Credits to buy for each, with no expiry; none when 0 or less.
    /// - Returns: The new members, in order.
    /// - Throws: A ``/FitCore/DatabaseError`` when the in-memory database refuses a row.
    public func addMembers(count: Int, credits: Decimal) async throws -> [Member] {
        let members = (0..<count).map { index in
            let id = UUID()
            return Member(id: id, displayName: "Member \(index)", email: "member\(index)-\(id.uuidString)@example.com")
        }
        try await service.from("members").insert(members).execute()
        if credits > 0 {
            try await service.from("credit_ledger")
                .insert(
                    JSONValue.array(
                        members.map {
                            ["member_id": .string($0.id.uuidString), "amount": .number(credits), "reason": "purchase"]
                        }
                    )
                )
                .execute()
        }
        return members
    }

    /// Records a ledger row for `member` (a purchase by default).
    ///
    /// Skipped when a ledger row with `id` exists.
    ///
    /// - Parameters:
    ///   - amount: The credits, positive for a purchase or refund, negative for a booking; never 0.
    ///   - member: Whose ledger.
    ///   - reason: Why; a purchase by default.
    ///   - expiresAt: When the credits expire, or `nil` (the default) for never.
    ///   - id: The ledger row's id; a new one by default.
    /// - Throws: A ``/FitCore/DatabaseError`` when the in-memory database refuses the row (`23503` for a member that
    ///   does not exist, `23514` for a value its check refuses, such as an amount of 0).
    public func addCredits(
        _ amount: Decimal, to member: Member, reason: CreditLedgerEntry.Reason = .purchase, expiresAt: Date? = nil,
        id: UUID = UUID()
    ) async throws {
        let row: JSONValue = [
            "id": .string(id.uuidString), "member_id": .string(member.id.uuidString), "amount": .number(amount),
            "reason": .string(reason.rawValue),
            "expires_at": expiresAt.map { .string(WireDate.string(from: $0)) } ?? .null,
        ]
        try await service.from("credit_ledger").upsert(row, onConflict: "id", ignoreDuplicates: true).execute()
    }

    /// The sum of `member`'s ledger, read as the service role.
    ///
    /// - Parameter member: Whose ledger.
    /// - Returns: The sum of every ledger amount of `member`, whatever its reason or expiry date.
    /// - Throws: A ``/FitCore/DatabaseError`` or ``/FitCore/ResponseDecodingError`` from the read.
    public func ledgerBalance(of member: Member) async throws -> Decimal {
        let rows: [CreditLedgerEntry] = try await service.from("credit_ledger").select()
            .eq("member_id", value: member.id).execute().value
        return rows.reduce(0) { $0 + $1.amount }
    }
}
