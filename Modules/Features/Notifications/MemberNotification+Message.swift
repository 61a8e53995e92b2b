import FitCore
import Foundation

extension MemberNotification.Kind {
    /// What a notification of this kind says, whatever its details, in ``/FitCore/FitLocalization/locale``'s
    /// language: "You're in: a spot opened and you're booked."
    public var summary: String {
        switch self {
        case .promoted: localized("You're in: a spot opened and you're booked.")
        case .passedOver:
            localized("A spot opened, but you didn't have enough credits, so it went to the next in line.")
        case .lineClosed: localized("The waitlist closed before a spot opened.")
        case .classCancelled: localized("The studio cancelled the class.")
        case .classMoved: localized("The studio moved the class to another time.")
        case .refund: localized("Credits came back to your balance.")
        }
    }
}

extension MemberNotification {
    /// What the notification says, with its details where it has them, in ``/FitCore/FitLocalization/locale``'s
    /// language: "2 credits refunded." for a refund of 2.
    public var message: String {
        switch kind {
        case .refund:
            guard let amount else { return kind.summary }
            if let whole = amount.exactInteger {
                return localized("%lld credits refunded.", .integer(whole))
            }
            let locale = FitLocalization.locale
            let text = amount.formatted(.number.precision(.fractionLength(2)).grouping(.never).locale(locale))
            return localized("%@ credits refunded.", .text(text), locale: locale)
        default: return kind.summary
        }
    }
}
