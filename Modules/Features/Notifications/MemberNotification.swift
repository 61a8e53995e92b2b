import Foundation

/// One row of the member's inbox (`notifications`): something the rules did to the member, written in the same
/// transaction as what it reports, so it is there exactly when that change committed — also for an app that was closed
/// meanwhile.
public struct MemberNotification: Codable, Sendable, Hashable, Identifiable {
    /// What happened.
    public enum Kind: String, Codable, Sendable, Hashable, CaseIterable {
        /// A spot freed and the member was booked (and charged) from the waitlist: ``MemberNotification/bookingId``.
        case promoted
        /// A spot freed but went to the next in line: ``MemberNotification/reason`` says why (`FB003`, not enough
        /// credits).
        case passedOver = "passed_over"
        /// The line closed at its cutoff with the member still in it.
        case lineClosed = "line_closed"
        /// The studio cancelled a class the member had booked or waited for.
        case classCancelled = "class_cancelled"
        /// The studio moved a class the member had booked or waited for: ``MemberNotification/startsAt`` is the new
        /// start.
        case classMoved = "class_moved"
        /// Credits came back: ``MemberNotification/amount``, for ``MemberNotification/bookingId``.
        case refund
    }

    /// The notification's id.
    public var id: UUID
    /// The member told.
    public var memberId: UUID
    /// What happened.
    public var kind: Kind
    /// The class it is about, if any.
    public var classSessionId: UUID?
    /// The booking it is about (a promotion's, a refunded one), if any.
    public var bookingId: UUID?
    /// Why, as a rule's code (`FB003` for a pass-over), if the kind has a reason.
    public var reason: String?
    /// The credits refunded, for ``Kind/refund``.
    public var amount: Decimal?
    /// The class's new start, for ``Kind/classMoved``.
    public var startsAt: Date?
    /// When it happened.
    public var createdAt: Date
    /// When the member marked it read, or `nil` while unread.
    public var readAt: Date?

    /// Whether the member has not read it yet.
    public var isUnread: Bool { readAt == nil }

    /// Creates a notification as the backend stores it.
    ///
    /// - Parameters:
    ///   - id: The notification's id.
    ///   - memberId: The member told.
    ///   - kind: What happened.
    ///   - classSessionId: The class it is about, if any.
    ///   - bookingId: The booking it is about, if any.
    ///   - reason: Why, as a rule's code, if any.
    ///   - amount: The credits refunded, for a refund.
    ///   - startsAt: The class's new start, for a moved class.
    ///   - createdAt: When it happened.
    ///   - readAt: When it was read, or `nil`.
    public init(
        id: UUID, memberId: UUID, kind: Kind, classSessionId: UUID? = nil, bookingId: UUID? = nil,
        reason: String? = nil, amount: Decimal? = nil, startsAt: Date? = nil, createdAt: Date, readAt: Date? = nil
    ) {
        self.id = id
        self.memberId = memberId
        self.kind = kind
        self.classSessionId = classSessionId
        self.bookingId = bookingId
        self.reason = reason
        self.amount = amount
        self.startsAt = startsAt
        self.createdAt = createdAt
        self.readAt = readAt
    }
}
