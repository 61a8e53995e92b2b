import FitCore
import Foundation

/// The studio's desk: what a studio's staff do to its classes and rules, each one request and atomic
/// (`Backend/migrations/0021_studio_desk.sql`). The client acts as a staff member (a member linked to the studio in
/// `studio_staff`); anyone else is refused with ``DeskError/notStaff``, and the service role, which is nobody's
/// staff, with `AccountError.notSignedIn` (`FB009`).
public struct DeskQueries: Sendable {
    /// The backend, acting as a staff member.
    public let client: any DatabaseClient

    /// Creates the desk's requests over `client`.
    ///
    /// - Parameter client: The backend, acting as the signed-in staff member.
    public init(client: any DatabaseClient) {
        self.client = client
    }

    /// Cancels a class (`desk_cancel_class`): in one transaction its active bookings are cancelled and refunded in
    /// full (each member gets a refund notification), its line closes, and everyone booked or waiting is told the
    /// class is cancelled. A member booking or joining its line at the same moment is either in before (and
    /// refunded) or refused after (`FB005`, `FW005`); nothing is charged for a cancelled class.
    ///
    /// - Parameter id: The class session.
    /// - Returns: How many bookings were cancelled and the credits refunded.
    /// - Throws: ``DeskError/classNotFound``, ``DeskError/notStaff``, ``DeskError/alreadyCancelled``,
    ///   ``DeskError/classStarted``; `FB009`/`FB010` (``/FitCore/DatabaseError``) for a caller who is not a signed-in
    ///   member; ``/FitCore/ConnectionError``, `CancellationError`. Nothing changes then.
    public func cancelClass(id: UUID) async throws -> ClassCancellation {
        try await call { try await client.rpc("desk_cancel_class", params: ["session_id": id]).execute().value }
    }

    /// Changes a class's capacity (`desk_set_capacity`); when it grows, the line's first members are promoted as
    /// spots open, as they are when a booking is cancelled.
    ///
    /// - Parameters:
    ///   - capacity: The new capacity, 0 to 10 000 (a capacity below the bookings held keeps them all).
    ///   - id: The class session.
    /// - Throws: ``DeskError/invalidCapacity``, ``DeskError/classNotFound``, ``DeskError/notStaff``, or what
    ///   ``cancelClass(id:)`` throws for the caller and the connection. Nothing changes then.
    public func setCapacity(_ capacity: Int, of id: UUID) async throws {
        struct Arguments: Encodable, Sendable {
            var sessionId: UUID
            var capacity: Int
        }
        struct Answer: Decodable {}
        let _: Answer = try await call {
            try await client.rpc("desk_set_capacity", params: Arguments(sessionId: id, capacity: capacity)).execute()
                .value
        }
    }

    /// The members booked into a class (`desk_roster`), in the order they booked.
    ///
    /// - Parameter id: The class session.
    /// - Returns: Its active bookings with the members' names.
    /// - Throws: ``DeskError/classNotFound``, ``DeskError/notStaff``, or what ``cancelClass(id:)`` throws for the
    ///   caller and the connection.
    public func roster(of id: UUID) async throws -> [RosterEntry] {
        try await call { try await client.rpc("desk_roster", params: ["session_id": id]).execute().value }
    }

    /// Sets how long before its classes cancelling still refunds in full at a studio
    /// (`desk_set_full_refund_window`); owners only. Members see the new deadline on the timetable at once, and
    /// cancellations refund by it.
    ///
    /// - Parameters:
    ///   - minutes: The window, 0 to 43 200 minutes (30 days); 720 (12 hours) until an owner changes it.
    ///   - studio: The studio.
    /// - Throws: ``DeskError/invalidRefundWindow``, ``DeskError/notStaff`` (for an instructor too), or what
    ///   ``cancelClass(id:)`` throws for the caller and the connection. Nothing changes then.
    public func setFullRefundWindow(minutes: Int, at studio: UUID) async throws {
        struct Arguments: Encodable, Sendable {
            var studioId: UUID
            var minutes: Int
        }
        struct Answer: Decodable {}
        let _: Answer = try await call {
            try await client.rpc("desk_set_full_refund_window", params: Arguments(studioId: studio, minutes: minutes))
                .execute().value
        }
    }

    /// Adds a class to a studio's timetable (`desk_add_class`); members see it at once.
    ///
    /// - Parameters:
    ///   - newClass: The class.
    ///   - studio: The studio; the caller must be its staff.
    /// - Returns: The new class session's id.
    /// - Throws: ``DeskError/missingName``, ``DeskError/startInThePast``, ``DeskError/invalidDuration``,
    ///   ``DeskError/invalidCapacity``, ``DeskError/invalidCreditCost``, ``DeskError/notStaff``, or what
    ///   ``cancelClass(id:)`` throws for the caller and the connection. Nothing is added then.
    public func addClass(_ newClass: NewClass, at studio: UUID) async throws -> UUID {
        struct Arguments: Encodable, Sendable {
            var studioId: UUID
            var name: String
            var startsAt: Date
            var durationMinutes: Int
            var capacity: Int
            var creditCost: Decimal
            var instructorName: String?
            var description: String?
        }
        struct Answer: Decodable { var sessionId: UUID }
        let arguments = Arguments(
            studioId: studio, name: newClass.name, startsAt: newClass.startsAt,
            durationMinutes: newClass.durationMinutes, capacity: newClass.capacity, creditCost: newClass.creditCost,
            instructorName: newClass.instructorName, description: newClass.description)
        let answer: Answer = try await call {
            try await client.rpc("desk_add_class", params: arguments).execute().value
        }
        return answer.sessionId
    }

    /// Changes a class that has neither started nor been cancelled (`desk_edit_class`); a new start tells everyone
    /// booked or waiting that the class moved.
    ///
    /// - Parameters:
    ///   - id: The class session.
    ///   - changes: What to change; the rest stays.
    /// - Throws: ``DeskError/alreadyCancelled``, ``DeskError/classStarted``, ``DeskError/missingName``,
    ///   ``DeskError/startInThePast``, ``DeskError/invalidDuration``, ``DeskError/invalidCreditCost``,
    ///   ``DeskError/classNotFound``, ``DeskError/notStaff``, or what ``cancelClass(id:)`` throws for the caller and
    ///   the connection. Nothing changes then.
    public func editClass(_ id: UUID, with changes: ClassChanges) async throws {
        struct Arguments: Encodable, Sendable {
            var sessionId: UUID
            var name: String?
            var startsAt: Date?
            var durationMinutes: Int?
            var creditCost: Decimal?
            var instructorName: String?
            var description: String?
        }
        struct Answer: Decodable {}
        let arguments = Arguments(
            sessionId: id, name: changes.name, startsAt: changes.startsAt, durationMinutes: changes.durationMinutes,
            creditCost: changes.creditCost, instructorName: changes.instructorName, description: changes.description)
        let _: Answer = try await call { try await client.rpc("desk_edit_class", params: arguments).execute().value }
    }

    /// The members waiting in a class's line (`desk_line`), first in line first.
    ///
    /// - Parameter id: The class session.
    /// - Returns: The line.
    /// - Throws: ``DeskError/classNotFound``, ``DeskError/notStaff``, or what ``cancelClass(id:)`` throws for the
    ///   caller and the connection.
    public func line(of id: UUID) async throws -> [LineEntry] {
        try await call { try await client.rpc("desk_line", params: ["session_id": id]).execute().value }
    }

    /// Takes a member out of a class's line (`desk_remove_from_line`); they are told their line closed, and those
    /// behind move up.
    ///
    /// - Parameters:
    ///   - member: The member.
    ///   - id: The class session.
    /// - Throws: ``DeskError/notInLine``, ``DeskError/classNotFound``, ``DeskError/notStaff``, or what
    ///   ``cancelClass(id:)`` throws for the caller and the connection. Nothing changes then.
    public func removeFromLine(_ member: UUID, of id: UUID) async throws {
        struct Arguments: Encodable, Sendable {
            var sessionId: UUID
            var memberId: UUID
        }
        struct Answer: Decodable {}
        let _: Answer = try await call {
            try await client.rpc("desk_remove_from_line", params: Arguments(sessionId: id, memberId: member))
                .execute().value
        }
    }

    /// Moves a waiting member to `place` in a class's line (`desk_move_in_line`); everyone else keeps their order.
    ///
    /// - Parameters:
    ///   - member: The member.
    ///   - place: Their new place: 1 is next, at most the number waiting.
    ///   - id: The class session.
    /// - Returns: The line after the move.
    /// - Throws: ``DeskError/notInLine``, ``DeskError/notInLinePlace``, ``DeskError/classNotFound``,
    ///   ``DeskError/notStaff``, or what ``cancelClass(id:)`` throws for the caller and the connection. Nothing changes
    ///   then.
    @discardableResult
    public func moveInLine(_ member: UUID, to place: Int, of id: UUID) async throws -> [LineEntry] {
        struct Arguments: Encodable, Sendable {
            var sessionId: UUID
            var memberId: UUID
            var place: Int
        }
        let arguments = Arguments(sessionId: id, memberId: member, place: place)
        return try await call { try await client.rpc("desk_move_in_line", params: arguments).execute().value }
    }

    /// Grants credits to a member (a positive `amount`) or takes them back (a negative one), with a reason the member
    /// reads in their ledger (`desk_adjust_credits`); owners only.
    ///
    /// - Parameters:
    ///   - amount: The credits, non-zero, at most 1 000 either way.
    ///   - member: Whose credits.
    ///   - studio: The owner's studio.
    ///   - reason: Why, as the member reads it ("Class cancelled by the studio", "Goodwill").
    /// - Returns: The ledger row written.
    /// - Throws: ``DeskError/invalidCreditAmount``, ``DeskError/missingReason``, ``DeskError/memberNotFound``,
    ///   ``DeskError/notEnoughCredits`` (taking back more than they hold), ``DeskError/notStaff`` (an instructor
    ///   too), or what ``cancelClass(id:)`` throws for the caller and the connection. Nothing is written then.
    public func adjustCredits(_ amount: Decimal, for member: UUID, at studio: UUID, reason: String) async throws
        -> CreditAdjustment
    {
        struct Arguments: Encodable, Sendable {
            var studioId: UUID
            var memberId: UUID
            var amount: Decimal
            var note: String
        }
        let arguments = Arguments(studioId: studio, memberId: member, amount: amount, note: reason)
        return try await call { try await client.rpc("desk_adjust_credits", params: arguments).execute().value }
    }

    /// Sets a studio's rules (`desk_set_policies`); owners only. Every rule is set as `rules` has it: `nil` turns the
    /// booking window or the line cap off.
    ///
    /// - Parameters:
    ///   - rules: The studio's rules.
    ///   - studio: The studio.
    /// - Returns: The rules as stored.
    /// - Throws: ``DeskError/invalidRefundWindow``, ``DeskError/invalidBookingWindow``, ``DeskError/invalidLineCap``,
    ///   ``DeskError/invalidWaitlistCutoff``, ``DeskError/notStaff`` (an instructor too), or what ``cancelClass(id:)`` throws for the caller and the
    ///   connection. Nothing changes then.
    @discardableResult
    public func setRules(_ rules: StudioRules, at studio: UUID) async throws -> StudioRules {
        struct Arguments: Encodable, Sendable {
            var studioId: UUID
            var fullRefundMinutes: Int
            var bookingOpensDays: Int?
            var lineCap: Int?
            var clearBookingWindow: Bool
            var clearLineCap: Bool
            var waitlistCutoffMinutes: Int
        }
        let arguments = Arguments(
            studioId: studio, fullRefundMinutes: rules.fullRefundMinutes, bookingOpensDays: rules.bookingOpensDays,
            lineCap: rules.lineCap, clearBookingWindow: rules.bookingOpensDays == nil,
            clearLineCap: rules.lineCap == nil, waitlistCutoffMinutes: rules.waitlistCutoffMinutes)
        return try await call { try await client.rpc("desk_set_policies", params: arguments).execute().value }
    }

    /// Sets one class's line cap over its studio's (`desk_set_line_cap`).
    ///
    /// - Parameters:
    ///   - cap: The most the class's line holds, 1 to 1 000; `nil` for its studio's cap again.
    ///   - id: The class session.
    /// - Throws: ``DeskError/invalidLineCap``, ``DeskError/classNotFound``, ``DeskError/notStaff``, or what
    ///   ``cancelClass(id:)`` throws for the caller and the connection. Nothing changes then.
    public func setLineCap(_ cap: Int?, of id: UUID) async throws {
        struct Arguments: Encodable, Sendable {
            var sessionId: UUID
            var lineCap: Int?
        }
        struct Answer: Decodable {}
        let _: Answer = try await call {
            try await client.rpc("desk_set_line_cap", params: Arguments(sessionId: id, lineCap: cap)).execute().value
        }
    }

    /// Sets one class's waitlist cutoff over its studio's (`desk_set_class_cutoff`): its line closes this long before
    /// it starts, for joining and promotions alike.
    ///
    /// - Parameters:
    ///   - minutes: The cutoff, 0 to 10 080 minutes; `nil` for its studio's cutoff again.
    ///   - id: The class session.
    /// - Throws: ``DeskError/invalidWaitlistCutoff``, ``DeskError/classNotFound``, ``DeskError/notStaff``, or what
    ///   ``cancelClass(id:)`` throws for the caller and the connection. Nothing changes then.
    public func setWaitlistCutoff(_ minutes: Int?, of id: UUID) async throws {
        struct Arguments: Encodable, Sendable {
            var sessionId: UUID
            var minutes: Int?
        }
        struct Answer: Decodable {}
        let _: Answer = try await call {
            try await client.rpc("desk_set_class_cutoff", params: Arguments(sessionId: id, minutes: minutes)).execute()
                .value
        }
    }

    /// Runs `request`, a desk refusal thrown as a ``DeskError``.
    private func call<Value>(_ request: () async throws -> Value) async throws -> Value {
        do {
            return try await request()
        } catch let error as DatabaseError {
            throw DeskError(error) ?? error
        }
    }
}
