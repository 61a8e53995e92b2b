/// One set of a strength exercise: repetitions at a weight, then a rest.
public struct WorkoutSet: Codable, Sendable, Hashable {
    /// At least 1.
    public var reps: Int
    /// Kilograms lifted, 0 or more (0 for body weight); must be finite.
    public var weightKg: Double
    /// Rest after the set, 0 or more.
    public var restSeconds: Int

    public init(reps: Int, weightKg: Double, restSeconds: Int) {
        self.reps = reps
        self.weightKg = weightKg
        self.restSeconds = restSeconds
    }

    /// Reps × weight.
    public var volumeKg: Double { Double(reps) * weightKg }

    /// Throws the first rule the set breaks; `exercise` and `set` say where it sits, for the message.
    public func validate(exercise: Int, set: Int) throws(WorkoutLogError) {
        guard reps >= 1 else { throw .invalidReps(reps, exercise: exercise, set: set) }
        guard weightKg.isFinite, weightKg >= 0 else { throw .invalidWeight(exercise: exercise, set: set) }
        guard restSeconds >= 0 else { throw .negativeRest(restSeconds, exercise: exercise, set: set) }
    }
}
