import FitCore
import Foundation
import Observation

/// The strength-workout log: the member's workouts newest first, and every change to them.
///
/// Each change is validated first: a broken rule throws ``WorkoutLogError`` and nothing is sent or stored.
/// A change that the database refuses is exposed in ``error`` (and thrown) and leaves the list as it was.
/// Loads follow ``LoadState`` (latest request wins, a failed load keeps the list). Exercises and sets are
/// saved by writing the workout's whole `exercises` array, so every change is one request.
public final class WorkoutLogStore: Observable, Sendable {
    /// Everything the store shows, as one observable value.
    public struct State: Sendable {
        /// Newest first.
        public var workouts = LoadState<[Workout]>()

        /// Nothing loaded yet.
        public init() {}
    }

    private let storage = StoreStorage(State())
    private let queries: WorkoutQueries

    /// - Parameter queries: requests acting as the member.
    public init(queries: WorkoutQueries) {
        self.queries = queries
    }

    /// The whole state; reading it registers an observation.
    public var state: State { storage.read(self, \.state) }
    /// Newest first; empty until loaded.
    public var workouts: [Workout] { state.workouts.value ?? [] }
    /// The first load is running.
    public var isLoading: Bool { state.workouts.isLoading }
    /// A reload is running while the loaded data stays visible.
    public var isRefetching: Bool { state.workouts.isRefetching }
    /// The error of the latest load or change, if it failed.
    public var error: (any Error)? { state.workouts.error }

    /// The loaded workout with `id`.
    public func workout(_ id: UUID) -> Workout? { workouts.first { $0.id == id } }

    /// Loads (or reloads) the member's workouts. Returns when done.
    public func load() async {
        let queries = queries
        await storage.load(self, \.state, \.workouts) { try await queries.workouts() }
    }

    // MARK: Workouts

    /// Validates and stores a new workout; it joins the loaded list in date order.
    @discardableResult
    public func create(_ draft: WorkoutDraft) async throws -> Workout {
        try draft.validate()
        let workout = try await saving { try await self.queries.insert(draft) }
        merge(workout)
        return workout
    }

    /// Validates and saves new values for a loaded workout.
    @discardableResult
    public func edit(_ id: UUID, to draft: WorkoutDraft) async throws -> Workout {
        guard workout(id) != nil else { throw WorkoutLogError.workoutNotFound(id) }
        try draft.validate()
        let workout = try await saving { try await self.queries.update(id, to: draft) }
        merge(workout)
        return workout
    }

    /// Deletes a loaded workout.
    public func delete(_ id: UUID) async throws {
        guard workout(id) != nil else { throw WorkoutLogError.workoutNotFound(id) }
        try await saving { try await self.queries.delete(id) }
        storage.write(self, \.state) { state in
            guard let workouts = state.workouts.value else { return }
            state.workouts.set(workouts.filter { $0.id != id })
        }
    }

    // MARK: Exercises

    /// Appends an exercise to a workout.
    public func addExercise(_ exercise: WorkoutExercise, to workoutId: UUID) async throws {
        try await change(workoutId) { draft throws(WorkoutLogError) in draft.exercises.append(exercise) }
    }

    /// Replaces the exercise at `index` (its name and sets).
    public func updateExercise(at index: Int, in workoutId: UUID, to exercise: WorkoutExercise) async throws {
        try await change(workoutId) { draft throws(WorkoutLogError) in
            guard draft.exercises.indices.contains(index) else { throw .exerciseNotFound(index: index) }
            draft.exercises[index] = exercise
        }
    }

    /// Removes the exercise at `index` with its sets.
    public func removeExercise(at index: Int, from workoutId: UUID) async throws {
        try await change(workoutId) { draft throws(WorkoutLogError) in
            guard draft.exercises.indices.contains(index) else { throw .exerciseNotFound(index: index) }
            draft.exercises.remove(at: index)
        }
    }

    // MARK: Sets

    /// Appends a set to the exercise at `exerciseIndex`.
    public func addSet(_ set: WorkoutSet, toExerciseAt exerciseIndex: Int, in workoutId: UUID) async throws {
        try await change(workoutId) { draft throws(WorkoutLogError) in
            guard draft.exercises.indices.contains(exerciseIndex) else { throw .exerciseNotFound(index: exerciseIndex) }
            draft.exercises[exerciseIndex].sets.append(set)
        }
    }

    /// Replaces the set at `setIndex` of the exercise at `exerciseIndex`.
    public func updateSet(
        at setIndex: Int, ofExerciseAt exerciseIndex: Int, in workoutId: UUID, to set: WorkoutSet
    ) async throws {
        try await change(workoutId) { draft throws(WorkoutLogError) in
            try Self.requireSet(setIndex, exerciseIndex, in: draft)
            draft.exercises[exerciseIndex].sets[setIndex] = set
        }
    }

    /// Removes the set at `setIndex` of the exercise at `exerciseIndex`.
    public func removeSet(at setIndex: Int, ofExerciseAt exerciseIndex: Int, in workoutId: UUID) async throws {
        try await change(workoutId) { draft throws(WorkoutLogError) in
            try Self.requireSet(setIndex, exerciseIndex, in: draft)
            draft.exercises[exerciseIndex].sets.remove(at: setIndex)
        }
    }

    // MARK: Helpers

    private static func requireSet(_ setIndex: Int, _ exerciseIndex: Int, in draft: WorkoutDraft) throws(WorkoutLogError) {
        guard draft.exercises.indices.contains(exerciseIndex) else { throw .exerciseNotFound(index: exerciseIndex) }
        guard draft.exercises[exerciseIndex].sets.indices.contains(setIndex) else {
            throw .setNotFound(index: setIndex, exercise: exerciseIndex)
        }
    }

    /// Applies `modify` to the loaded workout's draft, validates the result and saves it.
    private func change(_ workoutId: UUID, _ modify: (inout WorkoutDraft) throws(WorkoutLogError) -> Void) async throws {
        guard var draft = workout(workoutId)?.draft else { throw WorkoutLogError.workoutNotFound(workoutId) }
        try modify(&draft)
        try await edit(workoutId, to: draft)
    }

    /// Runs a write; a failure (other than cancellation) is exposed in ``error`` and rethrown.
    private func saving<T: Sendable>(_ write: () async throws -> T) async throws -> T {
        do {
            return try await write()
        } catch {
            if !(error is CancellationError) { storage.write(self, \.state) { $0.workouts.setError(error) } }
            throw error
        }
    }

    /// Puts a stored workout into the loaded list (replacing its old version), newest first.
    private func merge(_ workout: Workout) {
        storage.write(self, \.state) { state in
            // Before the first load there is nothing to merge into: the next load shows the workout.
            guard var workouts = state.workouts.value else { return }
            workouts.removeAll { $0.id == workout.id }
            workouts.append(workout)
            workouts.sort(by: Workout.newestFirst)
            state.workouts.set(workouts)
        }
    }
}
