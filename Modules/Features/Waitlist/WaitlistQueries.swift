import Booking
import FitCore
import Foundation

/// The waitlist's requests: join and leave a class's line, read lines and one's entries, and follow them.
public struct WaitlistQueries: Sendable {
    /// The client requests go through, acting as the signed-in member.
    public let client: any DatabaseClient

    /// Queries over `client`.
    ///
    /// - Parameter client: Any backend's client, acting as the member.
    public init(client: any DatabaseClient) {
        self.client = client
    }

    /// Joins the line of a full class (free of charge).
    ///
    /// - Parameter sessionId: The class.
    /// - Returns: The new entry, with the member's ``WaitlistEntry/place``.
    /// - Throws: A ``WaitlistError`` for a refused rule, `BookingError.notSignedIn` when signed out,
    ///   `BookingError.noMemberProfile` for a signed-in user without a member, or what the
    ///   client throws (a ``/FitCore/ConnectionError``, FitOffline's `OfflineError.requiresServer` offline).
    public func join(sessionId: UUID) async throws -> WaitlistEntry {
        try await typed { try await client.rpc("join_waitlist", params: ["session_id": sessionId]).execute().value }
    }

    /// Leaves the line of a class.
    ///
    /// - Parameter sessionId: The class.
    /// - Returns: The entry, now ``WaitlistEntry/Status/left``.
    /// - Throws: ``WaitlistError/notWaiting`` when the member is not in line, `BookingError.notSignedIn` or
    ///   `BookingError.noMemberProfile`, or what the client throws.
    public func leave(sessionId: UUID) async throws -> WaitlistEntry {
        try await typed { try await client.rpc("leave_waitlist", params: ["session_id": sessionId]).execute().value }
    }

    /// The lines of some classes, in one request.
    ///
    /// - Parameter sessionIds: The classes; an id with no class is left out.
    /// - Returns: Each class's line, by class id.
    /// - Throws: What the client throws.
    public func lines(for sessionIds: [UUID]) async throws -> [UUID: WaitlistLine] {
        guard !sessionIds.isEmpty else { return [:] }
        let lines: [WaitlistLine] = try await client.rpc(
            "waitlist_lines", params: ["session_ids": sessionIds.map { $0.uuidString.lowercased() }]
        ).execute().value
        return Dictionary(lines.map { ($0.sessionId, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The signed-in member's entries as they stand now, newest first: an entry still waiting in a line that has
    /// closed (its cutoff passed, its class cancelled) reads as ``WaitlistEntry/Status/closed``.
    ///
    /// - Returns: Every entry of the member's, whatever its status.
    /// - Throws: What the client throws.
    public func entries() async throws -> [WaitlistEntry] {
        try await client.from("current_waitlist_entries")
            .select("id, class_session_id, member_id, status, booking_id, note, joined_at, resolved_at")
            .order("joined_at", ascending: false).order("id").execute().value
    }

    /// The committed changes to the member's entries (a promotion, a pass-over, a closed list).
    ///
    /// - Returns: The `waitlist_entries` change feed of the acting member.
    public func followEntries() -> AsyncThrowingStream<DatabaseChange, any Error> {
        client.changes(to: "waitlist_entries")
    }

    /// The committed changes to the lines of some classes: their `class_sessions` rows, whose `waiting_count` moves
    /// with every join, leave and promotion (row-level security hides the other members' entries themselves).
    ///
    /// - Parameter sessionIds: The classes; every class when there are more than 100 (Realtime's `in` limit) or none.
    /// - Returns: The `class_sessions` change feed for those classes.
    public func followLines(of sessionIds: [UUID]) -> AsyncThrowingStream<DatabaseChange, any Error> {
        guard (1...100).contains(sessionIds.count) else { return client.changes(to: "class_sessions") }
        return client.changes(
            to: "class_sessions",
            where: .condition(column: "id", operator: .in, value: .list(sessionIds.map(QueryValue.uuid))))
    }

    private func typed<Value>(_ body: () async throws -> Value) async throws -> Value {
        do {
            return try await body()
        } catch let error as DatabaseError {
            if let refusal = WaitlistError(error) { throw refusal }
            if let refusal = BookingError(error) { throw refusal }
            throw error
        }
    }
}
