import FitCore
import Foundation

/// Why an events request found nothing to change.
public enum EventsError: LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// The member has no event with this id (never created, deleted, or someone else's).
    case eventNotFound(UUID)

    /// `There is no event <id>.`, with the id in lower case as the database writes it, in English.
    public var description: String { sentence(locale: FitLocalization.sourceLocale) }

    /// ``description`` in ``/FitCore/FitLocalization/locale``'s language: what a member is shown.
    public var errorDescription: String? { sentence(locale: FitLocalization.locale) }

    private func sentence(locale: Locale) -> String {
        switch self {
        case .eventNotFound(let id):
            localized("There is no event %@.", .text(id.uuidString.lowercased()), locale: locale)
        }
    }
}
