import FitCore
import Foundation

/// Every request of the HIIT and history screens: the exercise catalogue, the member's completed exercises
/// and their ratings. Row-level security limits history and ratings to the acting member.
public struct HistoryQueries: Sendable {
    /// The backend, acting as the signed-in member.
    public let client: any DatabaseClient

    /// Requests through `client` (acting as the member whose rows to read and write).
    public init(client: any DatabaseClient) {
        self.client = client
    }

    /// The catalogue in page order.
    public func exercises() async throws -> [Exercise] {
        try await client.from("exercises").select().order("position").execute().value
    }

    /// The member's completed exercises, oldest first.
    public func completions() async throws -> [ExerciseCompletion] {
        try await client.from("exercise_history").select()
            .order("completed_at").order("id")
            .execute().value
    }

    /// Records that the member finished `exerciseId` at `completedAt`; returns the stored row.
    public func recordCompletion(exerciseId: UUID, completedAt: Date) async throws -> ExerciseCompletion {
        try await client.from("exercise_history")
            .insert(CompletionBody(exerciseId: exerciseId, completedAt: completedAt))
            .select().single()
            .execute().value
    }

    /// The member's ratings.
    public func ratings() async throws -> [StoredRating] {
        try await client.from("exercise_ratings").select().order("exercise_id").execute().value
    }

    /// Sets the member's rating of `exerciseId`, replacing an earlier one.
    public func setRating(_ rating: Int, exerciseId: UUID, at updatedAt: Date) async throws -> StoredRating {
        try await client.from("exercise_ratings")
            .upsert(RatingBody(exerciseId: exerciseId, rating: rating, updatedAt: updatedAt), onConflict: "member_id,exercise_id")
            .select().single()
            .execute().value
    }

    private struct CompletionBody: Encodable, Sendable {
        let exerciseId: UUID
        let completedAt: Date
    }

    private struct RatingBody: Encodable, Sendable {
        let exerciseId: UUID
        let rating: Int
        let updatedAt: Date
    }
}
