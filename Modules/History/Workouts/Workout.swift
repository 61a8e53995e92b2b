import Foundation

/// A stored strength workout (`workouts` row).
public struct Workout: Codable, Sendable, Hashable, Identifiable {
    public var id: UUID
    public var memberId: UUID
    public var title: String
    /// When the member trained (not when the row was written: see ``createdAt``).
    public var performedAt: Date
    public var notes: String
    public var exercises: [WorkoutExercise]
    /// Set by the database; breaks ties between workouts performed at the same time.
    public var createdAt: Date

    public init(
        id: UUID = UUID(), memberId: UUID, title: String, performedAt: Date, notes: String = "",
        exercises: [WorkoutExercise] = [], createdAt: Date
    ) {
        self.id = id
        self.memberId = memberId
        self.title = title
        self.performedAt = performedAt
        self.notes = notes
        self.exercises = exercises
        self.createdAt = createdAt
    }

    /// The editable part, to change and save back.
    public var draft: WorkoutDraft {
        WorkoutDraft(title: title, performedAt: performedAt, notes: notes, exercises: exercises)
    }

    /// Sets, reps and volume.
    public var totals: WorkoutTotals { WorkoutTotals(exercises) }

    /// Newest first, as the log lists them (and as ``WorkoutsQueries/workouts()`` orders them).
    static func newestFirst(_ lhs: Workout, _ rhs: Workout) -> Bool {
        if lhs.performedAt != rhs.performedAt { return lhs.performedAt > rhs.performedAt }
        if lhs.createdAt != rhs.createdAt { return lhs.createdAt > rhs.createdAt }
        // Lower-case hex text sorts as the uuid bytes do in PostgreSQL.
        return lhs.id.uuidString.lowercased() < rhs.id.uuidString.lowercased()
    }
}
