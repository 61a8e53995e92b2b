import Foundation

/// One `exercise_ratings` row: a member's 1–5 rating of an exercise.
public struct StoredRating: Codable, Sendable, Hashable {
    public var memberId: UUID
    public var exerciseId: UUID
    public var rating: Int
    public var updatedAt: Date

    public init(memberId: UUID, exerciseId: UUID, rating: Int, updatedAt: Date) {
        self.memberId = memberId
        self.exerciseId = exerciseId
        self.rating = rating
        self.updatedAt = updatedAt
    }
}
