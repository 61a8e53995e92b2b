import FitCore
import Foundation

/// Why the session-details screen has nothing to show.
public enum SessionDetailsError: LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// No class session has this id.
    case sessionNotFound(UUID)

    /// A sentence naming the missing session's id, for logs and error screens, in English.
    public var description: String { sentence(locale: FitLocalization.sourceLocale) }

    /// ``description`` in ``/FitCore/FitLocalization/locale``'s language: what a member is shown.
    public var errorDescription: String? { sentence(locale: FitLocalization.locale) }

    private func sentence(locale: Locale) -> String {
        switch self {
        case .sessionNotFound(let id):
            localized("No class session with id %@", .text(id.uuidString.lowercased()), locale: locale)
        }
    }
}
