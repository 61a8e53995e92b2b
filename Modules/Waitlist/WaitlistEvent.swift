import Booking
import Foundation

/// Something the waitlist did for the member while they were not looking: what an app turns into a notification.
public enum WaitlistEvent: Sendable, Hashable {
    /// A spot freed and the member was booked (and charged) into the class.
    case promoted(sessionId: UUID, bookingId: UUID)
    /// A spot freed but the member was skipped, for `reason` (``/Booking/BookingError/insufficientCredits``).
    case passedOver(sessionId: UUID, reason: BookingError)
    /// The list closed at its cutoff with the member still in line.
    case closed(sessionId: UUID)

    /// The event of an entry that stopped waiting, or `nil` for one the member ended themselves (left) or one still
    /// waiting.
    ///
    /// - Parameter entry: The entry as it now stands.
    public init?(_ entry: WaitlistEntry) {
        switch entry.status {
        case .promoted:
            guard let booking = entry.bookingId else { return nil }
            self = .promoted(sessionId: entry.classSessionId, bookingId: booking)
        case .passedOver:
            self = .passedOver(
                sessionId: entry.classSessionId,
                reason: entry.note.flatMap(BookingError.init(rawValue:)) ?? .insufficientCredits)
        case .closed:
            self = .closed(sessionId: entry.classSessionId)
        case .waiting, .left:
            return nil
        }
    }

    /// What a notification says: "You're in: a spot opened and you're booked." …
    public var message: String {
        switch self {
        case .promoted: "You're in: a spot opened and you're booked."
        case .passedOver(_, let reason):
            reason == .insufficientCredits
                ? "A spot opened, but you didn't have enough credits, so it went to the next in line."
                : "A spot opened, but it went to the next in line (\(reason.message))."
        case .closed: "The waitlist closed before a spot opened."
        }
    }
}
