import FitCore
import Foundation

/// Every request the Booking feature sends: one method, one request.
///
/// Verbs, as in every FitKit `…Queries`: `get…` reads; a write is named for what it does (`bookSession`,
/// `cancelBooking`, the database functions it calls).
///
/// `book` and `cancel` go through the RPCs, which enforce the rules; their refusals arrive as
/// ``BookingError``s. Other failures (network, decoding, faults) are rethrown unchanged.
public struct BookingQueries: Sendable {
    /// The backend the requests go to, acting as the signed-in member (or the service role for a back office).
    public let client: any DatabaseClient

    /// Creates the Booking requests over `client`.
    ///
    /// - Parameter client: The backend, acting as the member whose bookings these are.
    public init(client: any DatabaseClient) {
        self.client = client
    }

    /// The member's active bookings among `classSessionIds`, as session id → booking id, in one request
    /// however many ids there are (none: no request at all). Row-level security only shows the acting
    /// member's own bookings, so asking about another member finds nothing unless acting as the service role.
    ///
    /// - Parameters:
    ///   - memberId: Whose bookings to look for.
    ///   - classSessionIds: The sessions to ask about; repeats are sent once.
    /// - Returns: The active booking's id for each session that has one; sessions without are absent.
    /// - Throws: ``/FitCore/DatabaseError`` when the database refuses the request, ``/FitCore/ConnectionError`` when
    ///   the backend cannot be reached, ``/FitCore/ResponseDecodingError`` when a row does not decode,
    ///   `CancellationError` when the task is cancelled.
    public func getActiveBookings(memberId: UUID, classSessionIds: [UUID]) async throws -> [UUID: UUID] {
        guard !classSessionIds.isEmpty else { return [:] }
        struct Row: Decodable, Sendable {
            var id: UUID
            var classSessionId: UUID
        }
        let rows: [Row] = try await client.from("bookings").select("id, class_session_id")
            .eq("member_id", value: memberId)
            .eq("status", value: ClassBooking.Status.active.rawValue)
            .in("class_session_id", values: Self.uniqued(classSessionIds))
            .execute().value
        return Dictionary(rows.map { ($0.classSessionId, $0.id) }, uniquingKeysWith: { first, _ in first })
    }

    /// Books a session for the signed-in member (`book_session`), debiting its credit cost atomically.
    ///
    /// - Parameter sessionId: The class session to book.
    /// - Returns: The new booking.
    /// - Throws: A ``BookingError`` when the function refuses by a booking rule (``BookingError/sessionFull``,
    ///   ``BookingError/alreadyBooked``, ``BookingError/insufficientCredits``, ``BookingError/classStarted``,
    ///   ``BookingError/classCancelled``, ``BookingError/notFound``, ``BookingError/notSignedIn``, ``BookingError/noMemberProfile``); any other
    ///   ``/FitCore/DatabaseError``, ``/FitCore/ConnectionError``, ``/FitCore/ResponseDecodingError`` or
    ///   `CancellationError` unchanged.
    public func bookSession(id sessionId: UUID) async throws -> ClassBooking {
        try await Self.translatingRules {
            try await client.rpc("book_session", params: ["session_id": sessionId]).execute().value
        }
    }

    /// Cancels one of the signed-in member's bookings (`cancel_booking`), refunding per ``BookingPolicy``.
    ///
    /// - Parameter bookingId: The booking to cancel.
    /// - Returns: The cancelled booking's id and the credits refunded.
    /// - Throws: A ``BookingError`` when the function refuses by a booking rule (``BookingError/cancellationClosed``,
    ///   ``BookingError/notFound``, ``BookingError/bookingNotActive``, ``BookingError/notSignedIn``, ``BookingError/noMemberProfile``); any other
    ///   ``/FitCore/DatabaseError``, ``/FitCore/ConnectionError``, ``/FitCore/ResponseDecodingError`` or
    ///   `CancellationError` unchanged.
    public func cancelBooking(id bookingId: UUID) async throws -> BookingCancellation {
        try await Self.translatingRules {
            try await client.rpc("cancel_booking", params: ["booking_id": bookingId]).execute().value
        }
    }

    /// Sessions starting in `[from, to)`, optionally at one studio, ordered by start time, with the acting
    /// member's booking flag: one request.
    ///
    /// - Parameters:
    ///   - from: The earliest start time, included.
    ///   - to: The latest start time, excluded.
    ///   - studioId: The studio, or `nil` (the default) for every studio.
    /// - Returns: The sessions by start time, then session id; cancelled classes included.
    /// - Throws: ``/FitCore/DatabaseError`` when the database refuses the request, ``/FitCore/ConnectionError`` when
    ///   the backend cannot be reached, ``/FitCore/ResponseDecodingError`` when a row does not decode,
    ///   `CancellationError` when the task is cancelled.
    public func getTimetable(from: Date, to: Date, studioId: UUID? = nil) async throws -> [BookableSession] {
        var request = client.from("bookable_sessions").select()
            .gte("start_time", value: from)
            .lt("start_time", value: to)
        if let studioId { request = request.eq("studio_id", value: studioId) }
        return try await request.order("start_time").order("session_id").execute().value
    }

    /// The class the acting member booked with `bookingId`, or `nil` when the member holds no active booking with
    /// that id: one request.
    ///
    /// - Parameter bookingId: The booking's id.
    /// - Returns: The booked class, or `nil`.
    /// - Throws: ``/FitCore/DatabaseError`` when the database refuses the request, ``/FitCore/ConnectionError`` when
    ///   the backend cannot be reached, ``/FitCore/ResponseDecodingError`` when a row does not decode,
    ///   `CancellationError` when the task is cancelled.
    public func getBookedSession(bookingId: UUID) async throws -> BookableSession? {
        try await client.from("bookable_sessions").select().eq("booking_id", value: bookingId).maybeSingle().execute()
            .value
    }

    /// The committed changes to the timetable's rows (spots and the member's booked flag change when anyone books
    /// or cancels), optionally for one class only.
    ///
    /// - Parameter sessionId: The one class to follow, or `nil` (the default) for the whole timetable.
    /// - Returns: The `bookable_sessions` change feed for the acting role (see
    ///   ``/FitCore/DatabaseClient/changes(to:)``); it fails with ``/FitCore/ChangeFeedError/notSupported(backend:)``
    ///   on a backend without one.
    public func followBookableSessions(sessionId: UUID? = nil) -> AsyncThrowingStream<DatabaseChange, any Error> {
        client.changes(
            to: "bookable_sessions",
            where: sessionId.map { .condition(column: "session_id", operator: .eq, value: .uuid($0)) })
    }

    /// The ids without repeats, in first-seen order (so equal calls send equal queries).
    private static func uniqued(_ ids: [UUID]) -> [UUID] {
        var seen: Set<UUID> = []
        return ids.filter { seen.insert($0).inserted }
    }

    private static func translatingRules<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as DatabaseError {
            throw BookingError(error) ?? error
        }
    }
}
