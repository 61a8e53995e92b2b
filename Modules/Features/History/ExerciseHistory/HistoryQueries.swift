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
    ///
    /// - Parameter client: The backend, acting as the signed-in member (or the service role, for
    ///   ``createExercises(_:)``).
    public init(client: any DatabaseClient) {
        self.client = client
    }

    /// The catalogue in page order.
    ///
    /// - Returns: Every exercise of the catalogue (readable by anyone), by ascending ``Exercise/position``.
    /// - Throws: ``/FitCore/DatabaseError`` when the database refuses the request, ``/FitCore/ConnectionError`` when
    ///   the backend cannot be reached, ``/FitCore/ResponseDecodingError`` when a row does not decode,
    ///   `CancellationError` when the task is cancelled.
    public func getExercises() async throws -> [Exercise] {
        try await client.from("exercises").select().order("position").execute().value
    }

    /// The member's completed exercises, oldest first.
    ///
    /// - Returns: The acting member's completions, by ``ExerciseCompletion/completedAt`` and then id (see
    ///   ``ExerciseCompletion/chronological(_:_:)``).
    /// - Throws: ``/FitCore/DatabaseError`` when the database refuses the request, ``/FitCore/ConnectionError`` when
    ///   the backend cannot be reached, ``/FitCore/ResponseDecodingError`` when a row does not decode,
    ///   `CancellationError` when the task is cancelled.
    public func getCompletions() async throws -> [ExerciseCompletion] {
        try await client.from("exercise_history").select()
            .order("completed_at").order("id")
            .execute().value
    }

    /// Records that the member finished `exerciseId` at `completedAt`; returns the stored row.
    /// - Parameters:
    ///   - exerciseId: The exercise finished.
    ///   - completedAt: When it was finished.
    /// - Returns: The stored row, with its new id and the member's id.
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
    ///
    /// - Parameter entries: The entries to add; an entry whose position is already taken is skipped.
    /// - Throws: ``/FitCore/DatabaseError`` when the database refuses the request (`42501` for a member or anonymous
    ///   client, which row-level security does not let write the catalogue), ``/FitCore/ConnectionError`` when the
    ///   backend cannot be reached, `CancellationError` when the task is cancelled.
    public func createExercises(_ entries: [NewExercise]) async throws {
        try await client.from("exercises")
            .upsert(entries, onConflict: "position", returning: .minimal, ignoreDuplicates: true)
            .execute()
    }

    private struct CompletionBody: Encodable, Sendable {
        let exerciseId: UUID
        let completedAt: Date
    }

    /// The committed changes to the member's completed exercises.
    ///
    /// - Returns: The `exercise_history` change feed for the acting member (see
    ///   ``/FitCore/DatabaseClient/changes(to:)``); it fails with ``/FitCore/ChangeFeedError/notSupported(backend:)``
    ///   on a backend without one.
    public func followCompletions() -> AsyncThrowingStream<DatabaseChange, any Error> {
        client.changes(to: "exercise_history")
    }
}
