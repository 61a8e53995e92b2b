import Foundation

/// How a ``DisplayFormatter`` writes a time or a date: FitKit's fixed English pattern, or the locale's own.
enum DateStyle: Sendable {
    /// A fixed pattern (`6:00 PM`, `Thu 4 Jun`).
    case verbatim(Date.VerbatimFormatStyle)
    /// The fields, in the locale's order and punctuation (`18:00`, `Do. 4. Juni`).
    case localized(Date.FormatStyle)

    func format(_ date: Date) -> String {
        switch self {
        case .verbatim(let style): style.format(date)
        case .localized(let style): style.format(date)
        }
    }
}
