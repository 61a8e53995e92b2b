/// What a workout adds up to, for its list row and summary.
public struct WorkoutTotals: Sendable, Hashable {
    public var sets: Int
    public var reps: Int
    /// Σ reps × weight, in kilograms.
    public var volumeKg: Double

    public init(sets: Int, reps: Int, volumeKg: Double) {
        self.sets = sets
        self.reps = reps
        self.volumeKg = volumeKg
    }

    /// The totals of `exercises`.
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
