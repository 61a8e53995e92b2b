import FitCore
import Foundation

/// Every request of the strength log. Row-level security keeps each member to their own workouts, so with
/// a shared backend a member's workouts follow them across devices.
public struct WorkoutsQueries: Sendable {
    /// The backend, acting as the signed-in member.
    public let client: any DatabaseClient

    /// Requests through `client` (acting as the member whose rows to read and write).
    ///
    /// - Parameter client: The backend, acting as the signed-in member; an anonymous client reads no workouts and may
    ///   write none.
    public init(client: any DatabaseClient) {
        self.client = client
    }

    /// The member's workouts, newest first.
    ///
    /// - Returns: The acting member's workouts by ``Workout/performedAt`` descending, then ``Workout/createdAt``
    ///   descending, then id.
    /// - Throws: ``/FitCore/DatabaseError`` when the database refuses the request, ``/FitCore/ConnectionError`` when
    ///   the backend cannot be reached, ``/FitCore/ResponseDecodingError`` when a row does not decode,
    ///   `CancellationError` when the task is cancelled.
    public func getWorkouts() async throws -> [Workout] {
        try await client.from("workouts").select()
            .order("performed_at", ascending: false).order("created_at", ascending: false).order("id")
            .execute().value
    }

    /// Stores a new workout for the acting member and returns it.
    ///
    /// - Parameter draft: The workout to store; validate it first (``WorkoutDraft/validate()``), the table only checks
    ///   the title (`23514`).
    /// - Returns: The stored workout, with its new id, the member's id and ``Workout/createdAt``.
    /// - Throws: ``/FitCore/DatabaseError`` when the database refuses the request, ``/FitCore/ConnectionError`` when
    ///   the backend cannot be reached, ``/FitCore/ResponseDecodingError`` when a row does not decode,
    ///   `CancellationError` when the task is cancelled.
    public func createWorkout(_ draft: WorkoutDraft) async throws -> Workout {
        try await client.from("workouts").insert(draft).select().single().execute().value
    }

    /// Replaces a workout's title, date, notes and exercises; returns the stored row.
    /// - Parameters:
    ///   - id: The workout to change.
    ///   - draft: Its new title, date, notes and exercises; validate it first.
    /// - Returns: The stored workout.
    /// - Throws: ``WorkoutsError/workoutNotFound(_:)`` when the member has no workout with `id`; otherwise what
    ///   ``createWorkout(_:)`` throws.
    public func updateWorkout(id: UUID, to draft: WorkoutDraft) async throws -> Workout {
        guard
            let workout: Workout = try await client.from("workouts").update(draft).eq("id", value: id)
                .select().maybeSingle().execute().value
        else { throw WorkoutsError.workoutNotFound(id) }
        return workout
    }

    /// Deletes a workout; deleting one that is already gone is not an error.
    ///
    /// - Parameter id: The workout to delete; an id the member does not have deletes nothing.
    /// - Throws: ``/FitCore/DatabaseError`` when the database refuses the request, ``/FitCore/ConnectionError`` when
    ///   the backend cannot be reached, `CancellationError` when the task is cancelled.
    public func deleteWorkout(id: UUID) async throws {
        try await client.from("workouts").delete(returning: .minimal).eq("id", value: id).execute()
    }

    /// The committed changes to the member's workouts (another device's too).
    ///
    /// - Returns: The `workouts` change feed for the acting member (see ``/FitCore/DatabaseClient/changes(to:)``); it
    ///   fails with ``/FitCore/ChangeFeedError/notSupported(backend:)`` on a backend without one.
    public func followWorkouts() -> AsyncThrowingStream<DatabaseChange, any Error> {
        client.changes(to: "workouts")
    }
}
