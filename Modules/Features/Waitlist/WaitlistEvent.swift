import Booking
import Foundation
import Notifications

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

    /// The event an inbox row reports, or `nil` for a row that is not the waitlist's (a refund, a moved class) or a
    /// promotion without its booking.
    ///
    /// - Parameter notification: The member's notification.
    public init?(_ notification: MemberNotification) {
        guard let sessionId = notification.classSessionId else { return nil }
        switch notification.kind {
        case .promoted:
            guard let booking = notification.bookingId else { return nil }
            self = .promoted(sessionId: sessionId, bookingId: booking)
        case .passedOver:
            self = .passedOver(
                sessionId: sessionId,
                reason: notification.reason.flatMap(BookingError.init(rawValue:)) ?? .insufficientCredits)
        case .lineClosed:
            self = .closed(sessionId: sessionId)
        case .classCancelled, .classMoved, .refund:
            return nil
        }
    }

    /// What a notification says: "You're in: a spot opened and you're booked." …
    public var message: String {
        switch self {
        case .promoted: MemberNotification.Kind.promoted.summary
        case .passedOver(_, let reason):
            reason == .insufficientCredits
                ? MemberNotification.Kind.passedOver.summary
                : localized(
                    "A spot opened, but it went to the next in line (%@).",
                    .text(reason.errorDescription ?? reason.message))
        case .closed: MemberNotification.Kind.lineClosed.summary
        }
    }
}
