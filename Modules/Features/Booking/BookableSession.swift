import Foundation

/// One class as the timetable and the session-details screen show it: a `bookable_sessions` row, with the
/// acting member's booking. Names follow the seed app.
public struct BookableSession: Codable, Sendable, Hashable, Identifiable {
    /// The class session's id (`class_sessions.id`, the view's `session_id`).
    public var sessionId: UUID
    /// The id of the studio that runs the class.
    public var studioId: UUID
    /// The class's name, e.g. "Morning HIIT".
    public var name: String
    /// The class's description (`class_description`), or `nil` when the studio wrote none.
    public var classDescription: String?
    /// Who teaches the class, or `nil` when not yet assigned.
    public var instructorName: String?
    /// The studio's name, as the session-details screen shows it.
    public var studioName: String
    /// The studio's IANA time zone: class times are shown in it.
    public var studioTimeZone: String
    /// Optional as in the seed (labels show "—"); the view always fills it.
    public var startTime: Date?
    /// How long the class lasts, in minutes.
    public var durationMinutes: Int
    /// How many members the class holds in total.
    public var capacity: Int
    /// Capacity minus active bookings, never below 0; optional as in the seed (labels show "—").
    public var spotsRemaining: Int?
    /// Optional as in the seed (labels show "—"); the view always fills it.
    public var creditCost: Decimal?
    /// Whether the studio cancelled the class (`cancelled_at` is set); a cancelled class cannot be booked.
    public var isCancelled: Bool
    /// Whether the acting member holds an active booking for this session.
    public var isBooked: Bool
    /// That booking, needed to cancel it.
    public var bookingId: UUID?
    /// Until when cancelling refunds the class's credits in full: its start less the studio's full-refund window
    /// (the view's `full_refund_until`); `nil` when not known (a row built by hand). See ``bookingPolicy``.
    public var fullRefundUntil: Date?

    /// The session's id (``sessionId``), so lists and `ForEach` can identify rows.
    public var id: UUID { sessionId }

    /// Creates a session as the `bookable_sessions` view returns it (tests and previews build them by hand).
    ///
    /// - Parameters:
    ///   - sessionId: The class session's id.
    ///   - studioId: The studio's id.
    ///   - name: The class's name.
    ///   - classDescription: The class's description, if any.
    ///   - instructorName: The instructor's name, if assigned.
    ///   - studioName: The studio's name.
    ///   - studioTimeZone: The studio's IANA time zone identifier, e.g. `Europe/London`.
    ///   - startTime: When the class starts; `nil` shows "—".
    ///   - durationMinutes: How long the class lasts, in minutes.
    ///   - capacity: How many members the class holds.
    ///   - spotsRemaining: Capacity minus active bookings; `nil` shows "—".
    ///   - creditCost: What booking costs, in credits; `nil` shows "—".
    ///   - isCancelled: Whether the studio cancelled the class.
    ///   - isBooked: Whether the acting member holds an active booking for it.
    ///   - bookingId: That booking's id, needed to cancel it.
    ///   - fullRefundUntil: Until when cancelling refunds in full, from the studio's policy; `nil` (the default)
    ///     when not known.
    public init(
        sessionId: UUID, studioId: UUID, name: String, classDescription: String? = nil, instructorName: String? = nil,
        studioName: String, studioTimeZone: String, startTime: Date?, durationMinutes: Int, capacity: Int,
        spotsRemaining: Int?, creditCost: Decimal?, isCancelled: Bool = false, isBooked: Bool = false,
        bookingId: UUID? = nil, fullRefundUntil: Date? = nil
    ) {
        self.sessionId = sessionId
        self.studioId = studioId
        self.name = name
        self.classDescription = classDescription
        self.instructorName = instructorName
        self.studioName = studioName
        self.studioTimeZone = studioTimeZone
        self.startTime = startTime
        self.durationMinutes = durationMinutes
        self.capacity = capacity
        self.spotsRemaining = spotsRemaining
        self.creditCost = creditCost
        self.isCancelled = isCancelled
        self.isBooked = isBooked
        self.bookingId = bookingId
        self.fullRefundUntil = fullRefundUntil
    }

    /// The studio's cancellation rule for this class, as the backend applies it; `nil` when ``fullRefundUntil`` is not
    /// known.
    public var bookingPolicy: BookingPolicy? { fullRefundUntil.map(BookingPolicy.init(fullRefundUntil:)) }

    /// The studio's time zone, or UTC when the stored identifier is unknown.
    public var timeZone: TimeZone { TimeZone(identifier: studioTimeZone) ?? .gmt }
}
