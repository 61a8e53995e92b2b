import FitCore
import Foundation

/// Why a rating was refused.
public enum RatingError: LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// Ratings run from 1 to 5; nothing was sent.
    case outOfRange(Int)
    /// The catalogue has no exercise with this id.
    case exerciseNotFound(UUID)

    /// A sentence the screen can show: the valid range and the refused value, or the exercise id (lower case) that the
    /// catalogue does not have; in English.
    public var description: String { sentence(locale: FitLocalization.sourceLocale) }

    /// ``description`` in ``/FitCore/FitLocalization/locale``'s language: what a member is shown.
    public var errorDescription: String? { sentence(locale: FitLocalization.locale) }

    private func sentence(locale: Locale) -> String {
        switch self {
        case .outOfRange(let value):
            localized(
                "A rating must be between %1$lld and %2$lld; %3$lld is not.", .integer(ExerciseRating.range.lowerBound),
                .integer(ExerciseRating.range.upperBound), .integer(value), locale: locale)
        case .exerciseNotFound(let id):
            localized("There is no exercise %@ to rate.", .text(id.uuidString.lowercased()), locale: locale)
        }
    }
}
