import Foundation

/// Why a workout change was refused before anything was stored. Exercise and set numbers are zero-based
/// positions; messages count from 1.
public enum WorkoutsError: Error, Sendable, Hashable, CustomStringConvertible {
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
    /// 0.`
    public var description: String {
        switch self {
        case .blankTitle: "A workout needs a title."
        case .blankExerciseName(let exercise): "Exercise \(exercise + 1) needs a name."
        case .invalidReps(let reps, let exercise, let set):
            "Set \(set + 1) of exercise \(exercise + 1) needs at least 1 rep, not \(reps)."
        case .invalidWeight(let exercise, let set):
            "Set \(set + 1) of exercise \(exercise + 1) needs a weight of 0 kg or more."
        case .negativeRest(let rest, let exercise, let set):
            "Set \(set + 1) of exercise \(exercise + 1) cannot rest a negative time (\(rest) s)."
        case .workoutNotFound(let id): "There is no workout \(id.uuidString.lowercased()) in the log."
        case .exerciseNotFound(let index): "The workout has no exercise \(index + 1)."
        case .setNotFound(let index, let exercise): "Exercise \(exercise + 1) has no set \(index + 1)."
        }
    }
}
