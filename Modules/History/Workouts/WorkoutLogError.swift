import Foundation

/// Why a workout change was refused before anything was stored. Exercise and set numbers are zero-based
/// positions; messages count from 1.
public enum WorkoutLogError: Error, Sendable, Hashable, CustomStringConvertible {
    case blankTitle
    case blankExerciseName(exercise: Int)
    case invalidReps(Int, exercise: Int, set: Int)
    /// Negative, infinite or not a number.
    case invalidWeight(exercise: Int, set: Int)
    case negativeRest(Int, exercise: Int, set: Int)
    /// The log has no such workout (not loaded, deleted, or another member's).
    case workoutNotFound(UUID)
    case exerciseNotFound(index: Int)
    case setNotFound(index: Int, exercise: Int)

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
