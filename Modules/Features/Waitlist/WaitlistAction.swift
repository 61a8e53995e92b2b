import Foundation

/// What the session-details screen offers for a class that is full: joining its line, or leaving it.
public enum WaitlistAction: Sendable, Hashable {
    /// "Join waitlist" for a full class the member has not booked and whose list is open.
    case join(sessionId: UUID)
    /// "Leave waitlist" while the member is in line.
    case leave(sessionId: UUID)

    /// The class.
    public var sessionId: UUID {
        switch self {
        case .join(let id), .leave(let id): id
        }
    }

    /// The button's title.
    public var title: String {
        switch self {
        case .join: localized("Join waitlist")
        case .leave: localized("Leave waitlist")
        }
    }
}
