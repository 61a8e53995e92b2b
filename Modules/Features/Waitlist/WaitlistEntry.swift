import Foundation

/// A member's place in the line of one class, as `waitlist_entries` stores it (`place` only from `join_waitlist`).
public struct WaitlistEntry: Codable, Sendable, Hashable, Identifiable {
    /// Where an entry stands.
    public enum Status: String, Codable, Sendable, Hashable, CaseIterable {
        /// In line.
        case waiting
        /// Booked (and charged) when a spot freed: ``WaitlistEntry/bookingId`` is the booking.
        case promoted
        /// Skipped when a spot freed, because the member did not have the credits (``WaitlistEntry/note`` `FB003`).
        case passedOver = "passed_over"
        /// The member left the line (or had booked the class another way: note `FB002`).
        case left
        /// The list closed at its cutoff with the member still in line.
        case closed
    }

    /// The entry's id.
    public var id: UUID
    /// The class.
    public var classSessionId: UUID
    /// The member in line.
    public var memberId: UUID
    /// Where the entry stands.
    public var status: Status
    /// The booking a promotion made, or `nil`.
    public var bookingId: UUID?
    /// Why the entry left the line when the rules decided it: a booking code such as `FB003` (insufficient credits).
    public var note: String?
    /// When the member joined.
    public var joinedAt: Date
    /// When the entry stopped waiting, or `nil` while it waits.
    public var resolvedAt: Date?
    /// The member's place in line (1 is next) when `join_waitlist` answered; `nil` otherwise.
    public var place: Int?

    /// Creates an entry as the backend describes it.
    ///
    /// - Parameters:
    ///   - id: The entry's id.
    ///   - classSessionId: The class.
    ///   - memberId: The member in line.
    ///   - status: Where it stands; waiting by default.
    ///   - bookingId: The booking a promotion made, if any.
    ///   - note: Why the rules took it out of the line, if they did.
    ///   - joinedAt: When the member joined.
    ///   - resolvedAt: When it stopped waiting, if it did.
    ///   - place: The member's place in line, when known.
    public init(
        id: UUID, classSessionId: UUID, memberId: UUID, status: Status = .waiting, bookingId: UUID? = nil,
        note: String? = nil, joinedAt: Date, resolvedAt: Date? = nil, place: Int? = nil
    ) {
        self.id = id
        self.classSessionId = classSessionId
        self.memberId = memberId
        self.status = status
        self.bookingId = bookingId
        self.note = note
        self.joinedAt = joinedAt
        self.resolvedAt = resolvedAt
        self.place = place
    }
}
