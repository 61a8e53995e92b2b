import FitCore
import Foundation

/// Why a workout change was refused before anything was stored. Exercise and set numbers are zero-based
/// positions; messages count from 1.
public enum WorkoutsError: LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// The workout's title is empty or only white space.
    case blankTitle
    /// The exercise at position `exercise` has an empty or white-space name.
    case blankExerciseName(exercise: Int)
    /// A set has fewer than 1 rep (the count given), at position `set` of the exercise at position `exercise`.
    case invalidReps(Int, exercise: Int, set: Int)
    /// Negative, infinite or not a number.
    case invalidWeight(exercise: Int, set: Int)
    /// A set rests a negative number of seconds (the value given), at position `set` of the exercise at position
    /// `exercise`.
    case negativeRest(Int, exercise: Int, set: Int)
    /// The log has no such workout (not loaded, deleted, or another member's).
    case workoutNotFound(UUID)
    /// The workout has no exercise at position `index`.
    case exerciseNotFound(index: Int)
    /// The exercise at position `exercise` has no set at position `index`.
    case setNotFound(index: Int, exercise: Int)

    /// A sentence the form can show, counting exercises and sets from 1: `Set 2 of exercise 1 needs at least 1 rep, not
    /// 0.`, in English.
    public var description: String { sentence(locale: FitLocalization.sourceLocale) }

    /// ``description`` in ``/FitCore/FitLocalization/locale``'s language: what a member is shown.
    public var errorDescription: String? { sentence(locale: FitLocalization.locale) }

    private func sentence(locale: Locale) -> String {
        switch self {
        case .blankTitle: localized("A workout needs a title.", locale: locale)
        case .blankExerciseName(let exercise):
            localized("Exercise %lld needs a name.", .integer(exercise + 1), locale: locale)
        case .invalidReps(let reps, let exercise, let set):
            localized(
                "Set %1$lld of exercise %2$lld needs at least 1 rep, not %3$lld.", .integer(set + 1),
                .integer(exercise + 1), .integer(reps), locale: locale)
        case .invalidWeight(let exercise, let set):
            localized(
                "Set %1$lld of exercise %2$lld needs a weight of 0 kg or more.", .integer(set + 1),
                .integer(exercise + 1),
                locale: locale)
        case .negativeRest(let rest, let exercise, let set):
            localized(
                "Set %1$lld of exercise %2$lld cannot rest a negative time (%3$lld s).", .integer(set + 1),
                .integer(exercise + 1), .integer(rest), locale: locale)
        case .workoutNotFound(let id):
            localized("There is no workout %@ in the log.", .text(id.uuidString.lowercased()), locale: locale)
        case .exerciseNotFound(let index):
            localized("The workout has no exercise %lld.", .integer(index + 1), locale: locale)
        case .setNotFound(let index, let exercise):
            localized("Exercise %1$lld has no set %2$lld.", .integer(exercise + 1), .integer(index + 1), locale: locale)
        }
    }
}
