import FitCore
import Foundation

/// Every request of the ratings feature. Row-level security limits ratings to the acting member.
public struct RatingsQueries: Sendable {
    /// The backend, acting as the signed-in member.
    public let client: any DatabaseClient

    /// Requests through `client` (acting as the member whose ratings to read and write).
    ///
    /// - Parameter client: The backend, acting as the signed-in member; an anonymous client reads no ratings and may
    ///   save none.
    public init(client: any DatabaseClient) {
        self.client = client
    }

    /// The member's ratings, by exercise id.
    ///
    /// - Returns: The acting member's ratings, one per rated exercise, ordered by exercise id.
    /// - Throws: ``/FitCore/DatabaseError`` when the database refuses the request, ``/FitCore/ConnectionError`` when
    ///   the backend cannot be reached, ``/FitCore/ResponseDecodingError`` when a row does not decode,
    ///   `CancellationError` when the task is cancelled.
    public func getRatings() async throws -> [StoredRating] {
        try await client.from("exercise_ratings").select().order("exercise_id").execute().value
    }

    /// Saves the member's rating of `exerciseId`, replacing an earlier one; returns the stored row.
    /// - Parameters:
    ///   - rating: The rating, 1 through 5; the table's check (`23514`) refuses anything else, so check it with
    ///     ``ExerciseRating/init(_:)`` first.
    ///   - exerciseId: The exercise rated.
    ///   - updatedAt: When the member rated it, stored as `updated_at`.
    /// - Returns: The stored row.
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
    ///
    /// - Returns: The `exercise_ratings` change feed for the acting member (see
    ///   ``/FitCore/DatabaseClient/changes(to:)``); it fails with ``/FitCore/ChangeFeedError/notSupported(backend:)``
    ///   on a backend without one.
    public func followRatings() -> AsyncThrowingStream<DatabaseChange, any Error> {
        client.changes(to: "exercise_ratings")
    }
}
