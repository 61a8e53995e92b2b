import Foundation

/// The member-editable part of a workout: what ``WorkoutsStore`` creates and saves. Validate before storing.
public struct WorkoutDraft: Codable, Sendable, Hashable {
    /// Not blank.
    public var title: String
    public var performedAt: Date
    public var notes: String
    public var exercises: [WorkoutExercise]

    public init(title: String, performedAt: Date, notes: String = "", exercises: [WorkoutExercise] = []) {
        self.title = title
        self.performedAt = performedAt
        self.notes = notes
        self.exercises = exercises
    }

    /// Throws the first rule the workout breaks: blank title or exercise name, reps below 1, a negative or
    /// non-finite weight, a negative rest.
    public func validate() throws(WorkoutLogError) {
        guard !title.isBlank else { throw .blankTitle }
        for (index, exercise) in exercises.enumerated() { try exercise.validate(index: index) }
    }

    /// Sets, reps and volume.
    public var totals: WorkoutTotals { WorkoutTotals(exercises) }
}
