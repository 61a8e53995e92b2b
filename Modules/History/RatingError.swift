/// Why a rating was refused before anything was stored.
public enum RatingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Ratings run from 1 to 5.
    case outOfRange(Int)

    public var description: String {
        switch self {
        case .outOfRange(let value):
            "A rating must be between \(ExerciseRating.range.lowerBound) and \(ExerciseRating.range.upperBound); \(value) is not."
        }
    }
}
