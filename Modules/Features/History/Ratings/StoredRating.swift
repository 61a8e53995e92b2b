import Foundation

/// One `exercise_ratings` row: a member's 1–5 rating of an exercise.
public struct StoredRating: Codable, Sendable, Hashable {
    /// The member who rated; the database fills it in from `auth.uid()`.
    public var memberId: UUID
    /// The exercise rated (an ``Exercise/id``); a member has at most one rating per exercise.
    public var exerciseId: UUID
    /// The rating, 1 through 5 (the table's check refuses anything else).
    public var rating: Int
    /// When the member last saved this rating.
    public var updatedAt: Date

    /// Creates a rating as the `exercise_ratings` table stores it.
    ///
    /// - Parameters:
    ///   - memberId: The member who rated.
    ///   - exerciseId: The exercise rated.
    ///   - rating: The rating, 1 through 5.
    ///   - updatedAt: When it was last saved.
    public init(memberId: UUID, exerciseId: UUID, rating: Int, updatedAt: Date) {
        self.memberId = memberId
        self.exerciseId = exerciseId
        self.rating = rating
        self.updatedAt = updatedAt
    }
}
