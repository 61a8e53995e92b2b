import FitCore
import Foundation

/// Every request of the ratings feature. Row-level security limits ratings to the acting member.
public struct RatingsQueries: Sendable {
    /// The backend, acting as the signed-in member.
    public let client: any DatabaseClient

    /// Requests through `client` (acting as the member whose ratings to read and write).
    public init(client: any DatabaseClient) {
        self.client = client
    }

    /// The member's ratings, by exercise id.
    public func getRatings() async throws -> [StoredRating] {
        try await client.from("exercise_ratings").select().order("exercise_id").execute().value
    }

    /// Saves the member's rating of `exerciseId`, replacing an earlier one; returns the stored row.
    /// - Throws: ``RatingError/exerciseNotFound(_:)`` when the catalogue has no such exercise.
    public func saveRating(_ rating: Int, exerciseId: UUID, at updatedAt: Date) async throws -> StoredRating {
        do {
            return try await client.from("exercise_ratings")
                .upsert(
                    RatingBody(exerciseId: exerciseId, rating: rating, updatedAt: updatedAt),
                    onConflict: "member_id,exercise_id"
                )
                .select().single()
                .execute().value
        } catch let error as DatabaseError
            where error.isForeignKeyViolation(table: "exercise_ratings", column: "exercise_id")
        {
            throw RatingError.exerciseNotFound(exerciseId)
        }
    }

    private struct RatingBody: Encodable, Sendable {
        let exerciseId: UUID
        let rating: Int
        let updatedAt: Date
    }

    /// The committed changes to the member's ratings (another window's too).
    public func followRatings() -> AsyncThrowingStream<DatabaseChange, any Error> {
        client.changes(to: "exercise_ratings")
    }
}
