import Foundation

/// The member-editable part of a workout: what ``WorkoutsStore`` creates and saves. Validate before storing.
public struct WorkoutDraft: Codable, Sendable, Hashable {
    /// Not blank.
    public var title: String
    /// When the member trained.
    public var performedAt: Date
    /// Free text; may be empty.
    public var notes: String
    /// The exercises done, in order, each with its sets; may be empty.
    public var exercises: [WorkoutExercise]

    /// Creates a draft; nothing is checked until ``validate()``.
    ///
    /// - Parameters:
    ///   - title: The workout's name.
    ///   - performedAt: When the member trained.
    ///   - notes: Free text; empty by default.
    ///   - exercises: The exercises done, in order; none by default.
    public init(title: String, performedAt: Date, notes: String = "", exercises: [WorkoutExercise] = []) {
        self.title = title
        self.performedAt = performedAt
        self.notes = notes
        self.exercises = exercises
    }

    /// Throws the first rule the workout breaks: blank title or exercise name, reps below 1, a negative or
    /// non-finite weight, a negative rest.
    ///
    /// - Throws: ``WorkoutsError/blankTitle``, or the first error of an exercise's
    ///   ``WorkoutExercise/validate(index:)``: ``WorkoutsError/blankExerciseName(exercise:)``,
    ///   ``WorkoutsError/invalidReps(_:exercise:set:)``, ``WorkoutsError/invalidWeight(exercise:set:)`` or
    ///   ``WorkoutsError/negativeRest(_:exercise:set:)``.
    public func validate() throws(WorkoutsError) {
        guard !title.isBlank else { throw .blankTitle }
        for (index, exercise) in exercises.enumerated() { try exercise.validate(index: index) }
    }

    /// Sets, reps and volume.
    public var totals: WorkoutTotals { WorkoutTotals(exercises) }
}
