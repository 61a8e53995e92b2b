import Foundation

extension MemberNotification.Kind {
    /// What a notification of this kind says, whatever its details: "You're in: a spot opened and you're booked."
    public var summary: String {
        switch self {
        case .promoted: "You're in: a spot opened and you're booked."
        case .passedOver: "A spot opened, but you didn't have enough credits, so it went to the next in line."
        case .lineClosed: "The waitlist closed before a spot opened."
        case .classCancelled: "The studio cancelled the class."
        case .classMoved: "The studio moved the class to another time."
        case .refund: "Credits came back to your balance."
        }
    }
}

extension MemberNotification {
    /// What the notification says, with its details where it has them: "2 credits refunded." for a refund of 2.
    public var message: String {
        switch kind {
        case .refund:
            guard let amount else { return kind.summary }
            return "\(amount) \(amount == 1 ? "credit" : "credits") refunded."
        default: return kind.summary
        }
    }
}
