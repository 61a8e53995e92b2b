/// One set of a strength exercise: repetitions at a weight, then a rest.
public struct WorkoutSet: Codable, Sendable, Hashable {
    /// At least 1.
    public var reps: Int
    /// Kilograms lifted, 0 or more (0 for body weight); must be finite.
    public var weightKg: Double
    /// Rest after the set, 0 or more.
    public var restSeconds: Int

    /// Creates a set; nothing is checked until ``validate(exercise:set:)``.
    ///
    /// - Parameters:
    ///   - reps: The repetitions, at least 1.
    ///   - weightKg: The weight lifted in kilograms, 0 or more and finite (0 for body weight).
    ///   - restSeconds: The rest after the set in seconds, 0 or more.
    public init(reps: Int, weightKg: Double, restSeconds: Int) {
        self.reps = reps
        self.weightKg = weightKg
        self.restSeconds = restSeconds
    }

    /// Reps × weight.
    public var volumeKg: Double { Double(reps) * weightKg }

    /// Throws the first rule the set breaks; `exercise` and `set` say where it sits, for the message.
    ///
    /// - Parameters:
    ///   - exercise: The zero-based position of the set's exercise in the workout.
    ///   - set: The zero-based position of the set in its exercise.
    /// - Throws: ``WorkoutsError/invalidReps(_:exercise:set:)`` for fewer than 1 rep,
    ///   ``WorkoutsError/invalidWeight(exercise:set:)`` for a negative or non-finite weight,
    ///   ``WorkoutsError/negativeRest(_:exercise:set:)`` for a negative rest; checked in that order.
    public func validate(exercise: Int, set: Int) throws(WorkoutsError) {
        guard reps >= 1 else { throw .invalidReps(reps, exercise: exercise, set: set) }
        guard weightKg.isFinite, weightKg >= 0 else { throw .invalidWeight(exercise: exercise, set: set) }
        guard restSeconds >= 0 else { throw .negativeRest(restSeconds, exercise: exercise, set: set) }
    }
}
