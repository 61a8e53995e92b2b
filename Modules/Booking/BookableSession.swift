import Foundation

/// One class as the timetable and the session-details screen show it: a `bookable_sessions` row, with the
/// acting member's booking. Names follow the seed app.
public struct BookableSession: Codable, Sendable, Hashable, Identifiable {
    public var sessionId: UUID
    public var studioId: UUID
    public var name: String
    public var classDescription: String?
    public var instructorName: String?
    public var studioName: String
    /// The studio's IANA time zone: class times are shown in it.
    public var studioTimeZone: String
    /// Optional as in the seed (labels show "—"); the view always fills it.
    public var startTime: Date?
    public var durationMinutes: Int
    public var capacity: Int
    /// Capacity minus active bookings, never below 0; optional as in the seed (labels show "—").
    public var spotsRemaining: Int?
    /// Optional as in the seed (labels show "—"); the view always fills it.
    public var creditCost: Decimal?
    public var isCancelled: Bool
    /// Whether the acting member holds an active booking for this session.
    public var isBooked: Bool
    /// That booking, needed to cancel it.
    public var bookingId: UUID?

    public var id: UUID { sessionId }

    public init(
        sessionId: UUID, studioId: UUID, name: String, classDescription: String? = nil, instructorName: String? = nil,
        studioName: String, studioTimeZone: String, startTime: Date?, durationMinutes: Int, capacity: Int,
        spotsRemaining: Int?, creditCost: Decimal?, isCancelled: Bool = false, isBooked: Bool = false,
        bookingId: UUID? = nil
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
    }

    /// The studio's time zone, or UTC when the stored identifier is unknown.
    public var timeZone: TimeZone { TimeZone(identifier: studioTimeZone) ?? .gmt }
}
