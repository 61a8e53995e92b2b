/// What a workout adds up to, for its list row and summary.
public struct WorkoutTotals: Sendable, Hashable {
    /// The number of sets, across all exercises.
    public var sets: Int
    /// The repetitions of all sets added up.
    public var reps: Int
    /// Σ reps × weight, in kilograms.
    public var volumeKg: Double

    /// Creates totals from numbers already added up.
    ///
    /// - Parameters:
    ///   - sets: The number of sets.
    ///   - reps: The repetitions added up.
    ///   - volumeKg: Σ reps × weight, in kilograms.
    public init(sets: Int, reps: Int, volumeKg: Double) {
        self.sets = sets
        self.reps = reps
        self.volumeKg = volumeKg
    }

    /// The totals of `exercises`.
    ///
    /// - Parameter exercises: The exercises of a workout; an exercise with no sets adds nothing.
    public init(_ exercises: [WorkoutExercise]) {
        var sets = 0
        var reps = 0
        var volume = 0.0
        for set in exercises.lazy.flatMap(\.sets) {
            sets += 1
            reps += set.reps
            volume += set.volumeKg
        }
        self.init(sets: sets, reps: reps, volumeKg: volume)
    }
}
