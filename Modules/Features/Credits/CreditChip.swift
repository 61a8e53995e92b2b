import FitCore
import FitStores
import Foundation

/// The credit chip's text: the balance (`12 credits`, `1 credit`), or a warning when credits expire within
/// 14 days (`5 expire Thu 4 Jun`). Pure; dates in the formatter's (the member's) time zone, words in its locale's
/// language (`12 Credits`, `5 laufen am Do. 4. Juni ab`).
public struct CreditChip: Sendable, Hashable {
    /// What the chip says.
    public let text: String
    /// Whether the chip warns about expiring credits.
    public let isExpiryWarning: Bool

    /// - Parameters:
    ///   - summary: the member's credit summary.
    ///   - formatter: formats the expiry date; reuse one per screen.
    public init(summary: CreditSummary, formatter: DisplayFormatter) {
        let locale = formatter.locale
        if summary.expiringSoon > 0, let expiry = summary.earliestExpiry {
            let date = CatalogArgument.text(formatter.shortDate(expiry))
            text =
                switch Self.amount(summary.expiringSoon, formatter: formatter) {
                case .integer(let whole): localized("%1$lld expire %2$@", .integer(whole), date, locale: locale)
                case let fraction: localized("%1$@ expire %2$@", fraction, date, locale: locale)
                }
            isExpiryWarning = true
        } else {
            text =
                switch Self.amount(summary.balance, formatter: formatter) {
                case .integer(let whole): localized("%lld credits", .integer(whole), locale: locale)
                case let fraction: localized("%@ credits", fraction, locale: locale)
                }
            isExpiryWarning = false
        }
    }

    /// Whole credits as an integer (`12`, which picks the plural form), fractional ones as text with two decimals in
    /// the formatter's locale (`2.50`, `2,50`).
    private static func amount(_ value: Decimal, formatter: DisplayFormatter) -> CatalogArgument {
        value.exactInteger.map(CatalogArgument.integer) ?? .text(formatter.decimal(value))
    }
}
