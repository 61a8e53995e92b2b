import FitCore
import Foundation

/// Why recording a finished exercise was refused.
public enum HistoryError: LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// The catalogue has no exercise with this id.
    case exerciseNotFound(UUID)

    /// `There is no exercise <id> in the catalogue.`, with the id in lower case, in English.
    public var description: String { sentence(locale: FitLocalization.sourceLocale) }

    /// ``description`` in ``/FitCore/FitLocalization/locale``'s language: what a member is shown.
    public var errorDescription: String? { sentence(locale: FitLocalization.locale) }

    private func sentence(locale: Locale) -> String {
        switch self {
        case .exerciseNotFound(let id):
            localized("There is no exercise %@ in the catalogue.", .text(id.uuidString.lowercased()), locale: locale)
        }
    }
}
