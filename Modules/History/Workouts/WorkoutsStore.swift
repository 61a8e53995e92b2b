import FitCore
import Foundation
import Observation

/// The strength-workout log: the member's workouts newest first, and every change to them.
///
/// Every change takes the shared write path (``StoreStorage/write(_:_:_:operation:apply:reload:)``): it is
/// validated first (a broken rule throws ``WorkoutLogError`` and nothing is sent), and a refused or invalid
/// change is exposed in ``error`` (and thrown) and leaves the list as it was. A workout created before the
/// first load loads the log, so it shows up. Loads follow ``LoadState`` (latest request wins, a failed load
/// keeps the list). Exercises and sets are saved by writing the workout's whole `exercises` array, so every
/// change is one request.
public final class WorkoutsStore: Observable, Sendable {
    /// Everything the store shows, as one observable value.
    public struct State: Sendable {
        /// Newest first.
        public var workouts = LoadState<[Workout]>()

        /// Nothing loaded yet.
        public init() {}
    }

    private let storage = StoreStorage(State())
    private let queries: WorkoutsQueries

    /// - Parameter queries: requests acting as the member.
    public init(queries: WorkoutsQueries) {
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
        await storage.load(self, \.state, \.workouts) { try await queries.getWorkouts() }
    }

    /// Reloads, keeping the list visible while it runs (the same as ``load()``; named for `.refreshable`).
    public func refresh() async {
        await load()
    }

    /// Follows what other windows and devices write until the calling task is cancelled (SwiftUI:
    /// `.task { await store.follow() }`): it reloads at once, then after every change the backend reports, with
    /// the loading rules of ``refresh()`` (see `StoreStorage.follow`). A backend without a change feed exposes
    /// `ChangeFeedError.notSupported` in ``error`` and the call returns.
    public func follow() async {
        await storage.follow(self, \.state, \.workouts, changes: [queries.followWorkouts()]) { [self] in
            await self.refresh()
        }
    }

    // MARK: Workouts

    /// Validates and stores a new workout; it joins the loaded list in date order.
    @discardableResult
    public func create(_ draft: WorkoutDraft) async throws -> Workout {
        let queries = queries
        return try await write {
            try draft.validate()
            return try await queries.createWorkout(draft)
        } apply: { workouts, workout in
            Self.merge(workout, into: &workouts)
        }
    }

    /// Validates and saves new values for a loaded workout.
    /// - Throws: ``WorkoutLogError/workoutNotFound(_:)`` when the log has no such workout.
    @discardableResult
    public func edit(_ id: UUID, to draft: WorkoutDraft) async throws -> Workout {
        let queries = queries
        let isLoaded = workout(id) != nil
        return try await write {
            guard isLoaded else { throw WorkoutLogError.workoutNotFound(id) }
            try draft.validate()
            return try await queries.updateWorkout(id: id, to: draft)
        } apply: { workouts, workout in
            Self.merge(workout, into: &workouts)
        }
    }

    /// Deletes a loaded workout.
    /// - Throws: ``WorkoutLogError/workoutNotFound(_:)`` when the log has no such workout.
    public func delete(_ id: UUID) async throws {
        let queries = queries
        let isLoaded = workout(id) != nil
        try await write {
            guard isLoaded else { throw WorkoutLogError.workoutNotFound(id) }
            try await queries.deleteWorkout(id: id)
        } apply: { workouts, _ in
            workouts.removeAll { $0.id == id }
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

    private static func requireSet(_ setIndex: Int, _ exerciseIndex: Int, in draft: WorkoutDraft)
        throws(WorkoutLogError)
    {
        guard draft.exercises.indices.contains(exerciseIndex) else { throw .exerciseNotFound(index: exerciseIndex) }
        guard draft.exercises[exerciseIndex].sets.indices.contains(setIndex) else {
            throw .setNotFound(index: setIndex, exercise: exerciseIndex)
        }
    }

    /// Applies `modify` to the loaded workout's draft, validates the result and saves it.
    private func change(_ workoutId: UUID, _ modify: (inout WorkoutDraft) throws(WorkoutLogError) -> Void) async throws
    {
        let queries = queries
        let current = workout(workoutId)?.draft
        _ = try await write {
            guard var draft = current else { throw WorkoutLogError.workoutNotFound(workoutId) }
            try modify(&draft)
            try draft.validate()
            return try await queries.updateWorkout(id: workoutId, to: draft)
        } apply: { workouts, workout in
            Self.merge(workout, into: &workouts)
        }
    }

    /// One write through the shared store path.
    private func write<Output: Sendable>(
        _ operation: () async throws -> Output, apply: (inout [Workout], Output) -> Void
    ) async throws -> Output {
        try await storage.write(self, \.state, \.workouts, operation: operation, apply: apply) { await load() }
    }

    /// Puts a stored workout into the list (replacing its old version), newest first.
    private static func merge(_ workout: Workout, into workouts: inout [Workout]) {
        workouts.removeAll { $0.id == workout.id }
        workouts.append(workout)
        workouts.sort(by: Workout.newestFirst)
    }
}
