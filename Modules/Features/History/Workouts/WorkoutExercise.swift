/// One exercise of a strength workout (an element of `workouts.exercises`): a name and its sets in order.
public struct WorkoutExercise: Codable, Sendable, Hashable {
    /// Not blank.
    public var name: String
    /// The sets, in the order they were done; may be empty.
    public var sets: [WorkoutSet]

    /// Creates an exercise of a workout; nothing is checked until ``validate(index:)``.
    ///
    /// - Parameters:
    ///   - name: The exercise's name, e.g. "Back squat".
    ///   - sets: Its sets, in order; none by default.
    public init(name: String, sets: [WorkoutSet] = []) {
        self.name = name
        self.sets = sets
    }

    /// Throws the first rule the exercise or one of its sets breaks; `index` is its place in the workout.
    ///
    /// - Parameter index: The zero-based position of the exercise in its workout, named in the error.
    /// - Throws: ``WorkoutsError/blankExerciseName(exercise:)``, or the first error of a set's
    ///   ``WorkoutSet/validate(exercise:set:)``.
    public func validate(index: Int) throws(WorkoutsError) {
        guard !name.isBlank else { throw .blankExerciseName(exercise: index) }
        for (setIndex, set) in sets.enumerated() { try set.validate(exercise: index, set: setIndex) }
    }
}

extension String {
    /// Empty or only white space.
    var isBlank: Bool { allSatisfy(\.isWhitespace) }
}
