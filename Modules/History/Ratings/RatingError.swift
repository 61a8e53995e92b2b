import Foundation

/// Why a rating was refused.
public enum RatingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Ratings run from 1 to 5; nothing was sent.
    case outOfRange(Int)
    /// The catalogue has no exercise with this id.
    case exerciseNotFound(UUID)

    /// A sentence the screen can show: the valid range and the refused value, or the exercise id (lower case) that the
    /// catalogue does not have.
    public var description: String {
        switch self {
        case .outOfRange(let value):
            "A rating must be between \(ExerciseRating.range.lowerBound) and \(ExerciseRating.range.upperBound); \(value) is not."
        case .exerciseNotFound(let id): "There is no exercise \(id.uuidString.lowercased()) to rate."
        }
    }
}
