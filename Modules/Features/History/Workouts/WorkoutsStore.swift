import FitCore
import FitStores
import Foundation
import Observation

/// The strength-workout log: the member's workouts newest first, and every change to them.
///
/// Every change takes the shared write path (``/FitStores/StoreStorage/write(_:_:operation:apply:reload:)``): it is
/// validated first (a broken rule throws ``WorkoutsError`` and nothing is sent), and a refused or invalid
/// change is exposed in ``error`` (and thrown) and leaves the list as it was. A workout created before the
/// first load loads the log, so it shows up. Loads follow ``/FitStores/LoadState`` (latest request wins, a failed load
/// keeps the list). Exercises and sets are saved by writing the workout's whole `exercises` array, so every
/// change is one request.
public final class WorkoutsStore: LoadingStore {
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

    public var state: State { storage.read(self) }
    public static var loadState: KeyPath<State, LoadState<[Workout]>> { \.workouts }
    /// Newest first; empty until loaded.
    public var workouts: [Workout] { state.workouts.value ?? [] }

    /// The loaded workout with `id`.
    ///
    /// - Parameter id: The workout's id.
    /// - Returns: The workout, or `nil` when it is not in the loaded list (not loaded yet, deleted, or another
    ///   member's).
    public func workout(_ id: UUID) -> Workout? { workouts.first { $0.id == id } }

    /// Loads (or reloads) the member's workouts. Returns when done.
    public func load() async {
        let queries = queries
        await storage.load(self, \.workouts) { try await queries.getWorkouts() }
    }

    /// Reloads, keeping the list visible while it runs (the same as ``load()``; named for `.refreshable`).
    public func refresh() async {
        await load()
    }

    /// Follows what other windows and devices write until the calling task is cancelled (SwiftUI:
    /// `.task { await store.follow() }`): it reloads at once, then after every change the backend reports, with
    /// the loading rules of ``refresh()`` (see `StoreStorage.follow`). A backend without a change feed exposes
    /// `ChangeFeedError.notSupported` in ``error`` and the call returns.
    ///
    /// - Parameter pacing: How far apart reloads start while changes keep coming; a second by default.
    public func follow(pacing: ReloadPacing = .standard) async {
        await storage.follow(self, \.workouts, changes: [queries.followWorkouts()], pacing: pacing) { [self] in
            await self.refresh()
        }
    }

    // MARK: Workouts

    /// Validates and stores a new workout; it joins the loaded list in date order.
    ///
    /// - Parameter draft: The new workout.
    /// - Returns: The stored workout.
    /// - Throws: The ``WorkoutsError`` of the first rule `draft` breaks (nothing sent), or the database's error
    ///   (``/FitCore/DatabaseError`` when the database refuses the request, ``/FitCore/ConnectionError`` when the
    ///   backend cannot be reached); each is also exposed in ``error`` and the list stays as it was. A cancellation is
    ///   rethrown and not exposed.
    @discardableResult
    public func add(_ draft: WorkoutDraft) async throws -> Workout {
        let queries = queries
        return try await write {
            try draft.validate()
            return try await queries.createWorkout(draft)
        } apply: { workouts, workout in
            Self.merge(workout, into: &workouts)
        }
    }

    /// Validates and saves new values for a loaded workout.
    /// - Parameters:
    ///   - id: The workout to change; it must be in the loaded list.
    ///   - draft: Its new title, date, notes and exercises.
    /// - Returns: The stored workout.
    /// - Throws: ``WorkoutsError/workoutNotFound(_:)`` when the log has no such workout, the ``WorkoutsError`` of
    ///   the first rule `draft` breaks (nothing sent), or the database's error (``/FitCore/DatabaseError``,
    ///   ``/FitCore/ConnectionError``); each is also exposed in ``error`` and the list stays as it was.
    @discardableResult
    public func update(_ id: UUID, to draft: WorkoutDraft) async throws -> Workout {
        let queries = queries
        let isLoaded = workout(id) != nil
        return try await write {
            guard isLoaded else { throw WorkoutsError.workoutNotFound(id) }
            try draft.validate()
            return try await queries.updateWorkout(id: id, to: draft)
        } apply: { workouts, workout in
            Self.merge(workout, into: &workouts)
        }
    }

    /// Deletes a loaded workout.
    /// - Parameter id: The workout to delete; it must be in the loaded list.
    /// - Throws: ``WorkoutsError/workoutNotFound(_:)`` when the log has no such workout, or the database's error
    ///   (``/FitCore/DatabaseError``, ``/FitCore/ConnectionError``); each is also exposed in ``error`` and the list
    ///   stays as it was.
    public func delete(id: UUID) async throws {
        let queries = queries
        let isLoaded = workout(id) != nil
        try await write {
            guard isLoaded else { throw WorkoutsError.workoutNotFound(id) }
            try await queries.deleteWorkout(id: id)
        } apply: { workouts, _ in
            workouts.removeAll { $0.id == id }
        }
    }

    // MARK: Exercises

    /// Appends an exercise to a workout.
    ///
    /// - Parameters:
    ///   - exercise: The exercise to append, with its sets.
    ///   - workoutId: The loaded workout to change.
    /// - Throws: ``WorkoutsError/workoutNotFound(_:)`` when the loaded log has no workout `workoutId` (or it was
    ///   deleted meanwhile), the ``WorkoutsError`` of the first rule the changed workout breaks (nothing sent), or
    ///   the database's error (``/FitCore/DatabaseError`` when the database refuses the request,
    ///   ``/FitCore/ConnectionError`` when the backend cannot be reached); each is also exposed in ``error`` and the
    ///   list stays as it was. A cancellation is rethrown and not exposed.
    public func addExercise(_ exercise: WorkoutExercise, to workoutId: UUID) async throws {
        try await change(workoutId) { draft throws(WorkoutsError) in draft.exercises.append(exercise) }
    }

    /// Replaces the exercise at `index` (its name and sets).
    ///
    /// - Parameters:
    ///   - index: The zero-based position of the exercise.
    ///   - workoutId: The loaded workout to change.
    ///   - exercise: The exercise's new name and sets.
    /// - Throws: ``WorkoutsError/workoutNotFound(_:)`` when the loaded log has no workout `workoutId` (or it was
    ///   deleted meanwhile), ``WorkoutsError/exerciseNotFound(index:)`` when it has no exercise at `index`, the
    ///   ``WorkoutsError`` of the first rule the changed workout breaks (nothing sent), or the database's error
    ///   (``/FitCore/DatabaseError`` when the database refuses the request, ``/FitCore/ConnectionError`` when the
    ///   backend cannot be reached); each is also exposed in ``error`` and the list stays as it was. A cancellation is
    ///   rethrown and not exposed.
    public func updateExercise(at index: Int, in workoutId: UUID, to exercise: WorkoutExercise) async throws {
        try await change(workoutId) { draft throws(WorkoutsError) in
            guard draft.exercises.indices.contains(index) else { throw .exerciseNotFound(index: index) }
            draft.exercises[index] = exercise
        }
    }

    /// Removes the exercise at `index` with its sets.
    ///
    /// - Parameters:
    ///   - index: The zero-based position of the exercise.
    ///   - workoutId: The loaded workout to change.
    /// - Throws: ``WorkoutsError/workoutNotFound(_:)`` when the loaded log has no workout `workoutId` (or it was
    ///   deleted meanwhile), ``WorkoutsError/exerciseNotFound(index:)`` when it has no exercise at `index`, the
    ///   ``WorkoutsError`` of the first rule the changed workout breaks (nothing sent), or the database's error
    ///   (``/FitCore/DatabaseError`` when the database refuses the request, ``/FitCore/ConnectionError`` when the
    ///   backend cannot be reached); each is also exposed in ``error`` and the list stays as it was. A cancellation is
    ///   rethrown and not exposed.
    public func removeExercise(at index: Int, from workoutId: UUID) async throws {
        try await change(workoutId) { draft throws(WorkoutsError) in
            guard draft.exercises.indices.contains(index) else { throw .exerciseNotFound(index: index) }
            draft.exercises.remove(at: index)
        }
    }

    // MARK: Sets

    /// Appends a set to the exercise at `exerciseIndex`.
    ///
    /// - Parameters:
    ///   - set: The set to append.
    ///   - exerciseIndex: The zero-based position of the exercise.
    ///   - workoutId: The loaded workout to change.
    /// - Throws: ``WorkoutsError/workoutNotFound(_:)`` when the loaded log has no workout `workoutId` (or it was
    ///   deleted meanwhile), ``WorkoutsError/exerciseNotFound(index:)`` when it has no exercise at `exerciseIndex`,
    ///   the ``WorkoutsError`` of the first rule the changed workout breaks (nothing sent), or the database's error
    ///   (``/FitCore/DatabaseError`` when the database refuses the request, ``/FitCore/ConnectionError`` when the
    ///   backend cannot be reached); each is also exposed in ``error`` and the list stays as it was. A cancellation is
    ///   rethrown and not exposed.
    public func addSet(_ set: WorkoutSet, toExerciseAt exerciseIndex: Int, in workoutId: UUID) async throws {
        try await change(workoutId) { draft throws(WorkoutsError) in
            guard draft.exercises.indices.contains(exerciseIndex) else { throw .exerciseNotFound(index: exerciseIndex) }
            draft.exercises[exerciseIndex].sets.append(set)
        }
    }

    /// Replaces the set at `setIndex` of the exercise at `exerciseIndex`.
    ///
    /// - Parameters:
    ///   - setIndex: The zero-based position of the set in its exercise.
    ///   - exerciseIndex: The zero-based position of the exercise.
    ///   - workoutId: The loaded workout to change.
    ///   - set: The set's new reps, weight and rest.
    /// - Throws: ``WorkoutsError/workoutNotFound(_:)`` when the loaded log has no workout `workoutId` (or it was
    ///   deleted meanwhile), ``WorkoutsError/exerciseNotFound(index:)`` or
    ///   ``WorkoutsError/setNotFound(index:exercise:)`` when there is no such exercise or set, the
    ///   ``WorkoutsError`` of the first rule the changed workout breaks (nothing sent), or the database's error
    ///   (``/FitCore/DatabaseError`` when the database refuses the request, ``/FitCore/ConnectionError`` when the
    ///   backend cannot be reached); each is also exposed in ``error`` and the list stays as it was. A cancellation is
    ///   rethrown and not exposed.
    public func updateSet(
        at setIndex: Int, ofExerciseAt exerciseIndex: Int, in workoutId: UUID, to set: WorkoutSet
    ) async throws {
        try await change(workoutId) { draft throws(WorkoutsError) in
            try Self.requireSet(setIndex, exerciseIndex, in: draft)
            draft.exercises[exerciseIndex].sets[setIndex] = set
        }
    }

    /// Removes the set at `setIndex` of the exercise at `exerciseIndex`.
    ///
    /// - Parameters:
    ///   - setIndex: The zero-based position of the set in its exercise.
    ///   - exerciseIndex: The zero-based position of the exercise.
    ///   - workoutId: The loaded workout to change.
    /// - Throws: ``WorkoutsError/workoutNotFound(_:)`` when the loaded log has no workout `workoutId` (or it was
    ///   deleted meanwhile), ``WorkoutsError/exerciseNotFound(index:)`` or
    ///   ``WorkoutsError/setNotFound(index:exercise:)`` when there is no such exercise or set, the
    ///   ``WorkoutsError`` of the first rule the changed workout breaks (nothing sent), or the database's error
    ///   (``/FitCore/DatabaseError`` when the database refuses the request, ``/FitCore/ConnectionError`` when the
    ///   backend cannot be reached); each is also exposed in ``error`` and the list stays as it was. A cancellation is
    ///   rethrown and not exposed.
    public func removeSet(at setIndex: Int, ofExerciseAt exerciseIndex: Int, in workoutId: UUID) async throws {
        try await change(workoutId) { draft throws(WorkoutsError) in
            try Self.requireSet(setIndex, exerciseIndex, in: draft)
            draft.exercises[exerciseIndex].sets.remove(at: setIndex)
        }
    }

    // MARK: Helpers

    private static func requireSet(_ setIndex: Int, _ exerciseIndex: Int, in draft: WorkoutDraft)
        throws(WorkoutsError)
    {
        guard draft.exercises.indices.contains(exerciseIndex) else { throw .exerciseNotFound(index: exerciseIndex) }
        guard draft.exercises[exerciseIndex].sets.indices.contains(setIndex) else {
            throw .setNotFound(index: setIndex, exercise: exerciseIndex)
        }
    }

    /// Applies `modify` to the loaded workout's draft, validates the result and saves it.
    private func change(_ workoutId: UUID, _ modify: (inout WorkoutDraft) throws(WorkoutsError) -> Void) async throws {
        let queries = queries
        let current = workout(workoutId)?.draft
        _ = try await write {
            guard var draft = current else { throw WorkoutsError.workoutNotFound(workoutId) }
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
        try await storage.write(self, \.workouts, operation: operation, apply: apply) { await load() }
    }

    /// Puts a stored workout into the list (replacing its old version), newest first.
    private static func merge(_ workout: Workout, into workouts: inout [Workout]) {
        workouts.removeAll { $0.id == workout.id }
        workouts.append(workout)
        workouts.sort(by: Workout.newestFirst)
    }
}
