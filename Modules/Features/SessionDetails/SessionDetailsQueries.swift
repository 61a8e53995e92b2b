import Booking
import FitCore
import Foundation

/// Every request the session-details screen sends.
public struct SessionDetailsQueries: Sendable {
    /// The backend the requests go to, acting as the signed-in member (or the service role for a back office).
    public let client: any DatabaseClient

    /// Creates the session-details requests over `client`.
    ///
    /// - Parameter client: The backend, acting as the member or as the service role.
    public init(client: any DatabaseClient) {
        self.client = client
    }

    /// The class with the acting member's booking flag and id; `nil` when no session has this id. One request.
    ///
    /// - Parameter id: The class session's id.
    /// - Returns: The class, or `nil` when no session has this id.
    /// - Throws: The backend's error (`DatabaseError`, `ConnectionError`, `ResponseDecodingError`).
    public func getSession(id: UUID) async throws -> BookableSession? {
        try await client.from("bookable_sessions").select().eq("session_id", value: id).maybeSingle().execute().value
    }

    /// The class and `memberId`'s active booking for it, at one round-trip depth.
    ///
    /// When `memberId` is the client's signed-in member (the app's case) the view already carries the
    /// booking: one request. For any other member (a service-role back office) the booking is looked up
    /// concurrently with the session: two requests, still one round trip. `nil` member: no booking.
    ///
    /// - Parameters:
    ///   - sessionId: The class session's id.
    ///   - memberId: The member whose booking to include, or `nil` for none.
    /// - Returns: The class and the member's booking id, or `nil` when no session has this id.
    /// - Throws: The backend's error (`DatabaseError`, `ConnectionError`, `ResponseDecodingError`).
    public func getSessionDetail(sessionId: UUID, memberId: UUID?) async throws -> SessionDetail? {
        guard let memberId, memberId != client.role.memberId else {
            guard let session = try await getSession(id: sessionId) else { return nil }
            return SessionDetail(session: session, bookingId: memberId == nil ? nil : session.bookingId)
        }
        async let session = getSession(id: sessionId)
        async let bookings = BookingQueries(client: client).getActiveBookings(
            memberId: memberId, classSessionIds: [sessionId])
        guard let loaded = try await session else { return nil }
        return SessionDetail(session: loaded, bookingId: try await bookings[sessionId])
    }
}
