/// One exercise of a strength workout (an element of `workouts.exercises`): a name and its sets in order.
public struct WorkoutExercise: Codable, Sendable, Hashable {
    /// Not blank.
    public var name: String
    public var sets: [WorkoutSet]

    public init(name: String, sets: [WorkoutSet] = []) {
        self.name = name
        self.sets = sets
    }

    /// Throws the first rule the exercise or one of its sets breaks; `index` is its place in the workout.
    public func validate(index: Int) throws(WorkoutLogError) {
        guard !name.isBlank else { throw .blankExerciseName(exercise: index) }
        for (setIndex, set) in sets.enumerated() { try set.validate(exercise: index, set: setIndex) }
    }
}

extension String {
    /// Empty or only white space.
    var isBlank: Bool { allSatisfy(\.isWhitespace) }
}
