import FitCore
import Foundation
import History

/// A workout with its totals, for `workouts --json`.
struct WorkoutReport: Encodable {
    struct Totals: Encodable {
        var sets: Int
        var reps: Int
        var volumeKg: Double
    }

    var workout: Workout
    var totals: Totals

    init(_ workout: Workout) {
        self.workout = workout
        let totals = workout.totals
        self.totals = Totals(sets: totals.sets, reps: totals.reps, volumeKg: totals.volumeKg)
    }
}

extension DemoContext {
    /// A loaded ``WorkoutsStore``.
    func loadWorkouts() async throws -> WorkoutsStore {
        let store = WorkoutsStore(queries: WorkoutsQueries(client: client))
        await store.load()
        if let error = store.error { throw error }
        return store
    }

    /// `workouts add`: logs a workout through ``WorkoutsStore``, performed at `date` (now when `nil`).
    func logWorkout(title: String, at date: DateArgument?, notes: String, exercises: [WorkoutExercise])
        async throws -> Workout
    {
        let draft = WorkoutDraft(
            title: title, performedAt: try date?.date(in: memberTimeZone) ?? now, notes: notes, exercises: exercises)
        return try await loadWorkouts().add(draft)
    }

    /// `workouts list`: newest first, one line each with its totals.
    func showWorkouts(_ store: WorkoutsStore) throws {
        if json { return try emitJSON(store.workouts.map(WorkoutReport.init)) }
        if store.workouts.isEmpty { output.line("  No workouts yet.") }
        for workout in store.workouts {
            output.line(
                "  " + TextLayout.column(memberFormatter.shortDate(workout.performedAt), 10) + " "
                    + TextLayout.column(workout.title, 20) + " " + totalsText(workout.exercises.count, workout.totals))
        }
    }

    /// A logged workout in full: every exercise with its sets, then the totals.
    func printWorkout(_ verb: String, _ workout: Workout) throws {
        if json { return try emitJSON(WorkoutReport(workout)) }
        output.line(
            "\(verb) “\(workout.title)” on \(memberFormatter.shortDate(workout.performedAt)) at \(memberFormatter.time(workout.performedAt))"
        )
        for exercise in workout.exercises {
            let sets = exercise.sets.map { "\($0.reps)×\(kilograms($0.weightKg)) kg" }.joined(separator: ", ")
            output.line("    " + TextLayout.column(exercise.name, 18) + " " + sets)
        }
        if !workout.notes.isEmpty { output.line("    Notes: \(workout.notes)") }
        output.line("    Totals: " + totalsText(workout.exercises.count, workout.totals))
    }

    /// `2 exercises · 6 sets · 50 reps · 2,772.5 kg`.
    func totalsText(_ exercises: Int, _ totals: WorkoutTotals) -> String {
        "\(exercises) \(exercises == 1 ? "exercise" : "exercises") · \(totals.sets) sets · \(totals.reps) reps · \(kilograms(totals.volumeKg)) kg"
    }
}
