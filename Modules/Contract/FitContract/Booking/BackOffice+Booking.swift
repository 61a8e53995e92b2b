import FitCore
import Foundation

extension BackOffice {
    /// Adds a studio (skipped when `id` exists); returns its id.
    ///
    /// - Parameters:
    ///   - id: The studio's id; a new one by default.
    ///   - name: The studio's name.
    ///   - timeZone: Its IANA time zone (`Europe/London`), in which its class times show.
    /// - Returns: `id`.
    /// - Throws: A ``/FitCore/DatabaseError`` when the database refuses the row.
    @discardableResult
    public func addStudio(id: UUID = UUID(), name: String, timeZone: String) async throws -> UUID {
        try await service.insertSeedRows([StudioRow(id: id, name: name, timeZone: timeZone)], into: "studios")
        return id
    }

    /// Sets how long before its classes cancelling still refunds in full at `studio`
    /// (`studio_policies.full_refund_minutes`; 720, 12 hours, until changed). Members see it at once: the timetable's
    /// `full_refund_until` and what `cancel_booking` refunds follow the row.
    ///
    /// - Parameters:
    ///   - minutes: The window, 0 to 43 200 minutes (30 days).
    ///   - studio: The studio.
    /// - Throws: ``/FitCore/DatabaseError`` `23514` for a window out of range (nothing changes), or the backend's
    ///   error.
    public func setFullRefundWindow(minutes: Int, at studio: UUID) async throws {
        try await service.from("studio_policies").update(["full_refund_minutes": minutes])
            .eq("studio_id", value: studio).execute()
    }

    /// Adds a class session at a studio (skipped when `id` exists); returns its id.
    ///
    /// - Parameters:
    ///   - studioId: Its studio.
    ///   - id: The session's id; a new one by default.
    ///   - name: The class's name.
    ///   - startsAt: When it starts.
    ///   - durationMinutes: How long it lasts, in minutes; 45 by default.
    ///   - capacity: How many members can book it; 10 by default.
    ///   - creditCost: What booking costs, in credits; 2 by default.
    ///   - instructorName: Who teaches it, or `nil`; "Sam" by default.
    ///   - description: The class's description, or `nil` (the default).
    ///   - cancelledAt: When the studio cancelled it, or `nil` (the default) for a class that runs.
    /// - Returns: `id`.
    /// - Throws: A ``/FitCore/DatabaseError`` when the database refuses the row (`23503` for a studio that does not
    ///   exist, `23514` for a value its check refuses, such as a duration of 0).
    @discardableResult
    public func addSession(
        at studioId: UUID, id: UUID = UUID(), name: String, startsAt: Date, durationMinutes: Int = 45,
        capacity: Int = 10, creditCost: Decimal = 2, instructorName: String? = "Sam", description: String? = nil,
        cancelledAt: Date? = nil
    ) async throws -> UUID {
        let row = ClassSessionRow(
            id: id, studioId: studioId, name: name, description: description, instructorName: instructorName,
            startsAt: startsAt, durationMinutes: durationMinutes, capacity: capacity, creditCost: creditCost,
            cancelledAt: cancelledAt)
        try await service.insertSeedRows([row], into: "class_sessions")
        return id
    }
}
