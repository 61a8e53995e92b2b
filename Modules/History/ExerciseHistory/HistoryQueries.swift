import FitCore
import Foundation

/// Every request of the HIIT and history screens: the exercise catalogue and the member's completed
/// exercises. Row-level security limits history to the acting member.
///
/// Verbs, as in every FitKit `…Queries`: `get…` reads, `create…` / `update…` / `delete…` / `save…` writes.
public struct HistoryQueries: Sendable {
    /// The backend, acting as the signed-in member.
    public let client: any DatabaseClient

    /// Requests through `client` (acting as the member whose rows to read and write).
    public init(client: any DatabaseClient) {
        self.client = client
    }

    /// The catalogue in page order.
    public func getExercises() async throws -> [Exercise] {
        try await client.from("exercises").select().order("position").execute().value
    }

    /// The member's completed exercises, oldest first.
    public func getCompletions() async throws -> [ExerciseCompletion] {
        try await client.from("exercise_history").select()
            .order("completed_at").order("id")
            .execute().value
    }

    /// Records that the member finished `exerciseId` at `completedAt`; returns the stored row.
    /// - Throws: ``HistoryError/exerciseNotFound(_:)`` when the catalogue has no such exercise.
    public func createCompletion(exerciseId: UUID, completedAt: Date) async throws -> ExerciseCompletion {
        do {
            return try await client.from("exercise_history")
                .insert(CompletionBody(exerciseId: exerciseId, completedAt: completedAt))
                .select().single()
                .execute().value
        } catch let error as DatabaseError
            where error.isForeignKeyViolation(table: "exercise_history", column: "exercise_id")
        {
            throw HistoryError.exerciseNotFound(exerciseId)
        }
    }

    /// Adds catalogue entries (a back-office write: the service role only). Positions already in the
    /// catalogue are kept as they are, so seeding twice changes nothing.
    public func createExercises(_ entries: [NewExercise]) async throws {
        try await client.from("exercises")
            .upsert(entries, onConflict: "position", ignoreDuplicates: true)
            .execute()
    }

    private struct CompletionBody: Encodable, Sendable {
        let exerciseId: UUID
        let completedAt: Date
    }

    /// The committed changes to the member's completed exercises.
    public func followCompletions() -> AsyncThrowingStream<DatabaseChange, any Error> {
        client.changes(to: "exercise_history")
    }
}
