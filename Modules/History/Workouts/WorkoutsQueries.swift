import FitCore
import Foundation

/// Every request of the strength log. Row-level security keeps each member to their own workouts, so with
/// a shared backend a member's workouts follow them across devices.
public struct WorkoutsQueries: Sendable {
    /// The backend, acting as the signed-in member.
    public let client: any DatabaseClient

    /// Requests through `client` (acting as the member whose rows to read and write).
    public init(client: any DatabaseClient) {
        self.client = client
    }

    /// The member's workouts, newest first.
    public func getWorkouts() async throws -> [Workout] {
        try await client.from("workouts").select()
            .order("performed_at", ascending: false).order("created_at", ascending: false).order("id")
            .execute().value
    }

    /// Stores a new workout for the acting member and returns it.
    public func createWorkout(_ draft: WorkoutDraft) async throws -> Workout {
        try await client.from("workouts").insert(draft).select().single().execute().value
    }

    /// Replaces a workout's title, date, notes and exercises; returns the stored row.
    /// - Throws: ``WorkoutLogError/workoutNotFound(_:)`` when the member has no workout with `id`.
    public func updateWorkout(id: UUID, to draft: WorkoutDraft) async throws -> Workout {
        guard
            let workout: Workout = try await client.from("workouts").update(draft).eq("id", value: id)
                .select().maybeSingle().execute().value
        else { throw WorkoutLogError.workoutNotFound(id) }
        return workout
    }

    /// Deletes a workout; deleting one that is already gone is not an error.
    public func deleteWorkout(id: UUID) async throws {
        try await client.from("workouts").delete().eq("id", value: id).execute()
    }

    /// The committed changes to the member's workouts (another device's too).
    public func followWorkouts() -> AsyncThrowingStream<DatabaseChange, any Error> {
        client.changes(to: "workouts")
    }
}
