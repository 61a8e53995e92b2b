import FitCore
import FitStores
import Foundation

/// The credit chip's text: the balance (`12 credits`, `1 credit`), or a warning when credits expire within
/// 14 days (`5 expire Thu 4 Jun`). Pure; dates in the formatter's (the member's) time zone.
public struct CreditChip: Sendable, Hashable {
    /// What the chip says.
    public let text: String
    /// Whether the chip warns about expiring credits.
    public let isExpiryWarning: Bool

    /// - Parameters:
    ///   - summary: the member's credit summary.
    ///   - formatter: formats the expiry date; reuse one per screen.
    public init(summary: CreditSummary, formatter: DisplayFormatter) {
        if summary.expiringSoon > 0, let expiry = summary.earliestExpiry {
            let amount = Self.amount(summary.expiringSoon, formatter: formatter)
            text = "\(amount) \(summary.expiringSoon == 1 ? "expires" : "expire") \(formatter.shortDate(expiry))"
            isExpiryWarning = true
        } else {
            let amount = Self.amount(summary.balance, formatter: formatter)
            text = "\(amount) \(summary.balance == 1 ? "credit" : "credits")"
            isExpiryWarning = false
        }
    }

    /// Whole credits without decimals (`12`), fractional ones with two (`2.50`).
    private static func amount(_ value: Decimal, formatter: DisplayFormatter) -> String {
        var rounded = Decimal()
        var copy = value
        NSDecimalRound(&rounded, &copy, 0, .plain)
        if rounded == value { return "\(rounded)" }
        return formatter.decimal(value)
    }
}
