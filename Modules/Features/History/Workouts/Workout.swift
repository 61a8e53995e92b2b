import Foundation

/// A stored strength workout (`workouts` row).
public struct Workout: Codable, Sendable, Hashable, Identifiable {
    /// The workout's id, assigned when it is created.
    public var id: UUID
    /// The member whose workout it is; the database fills it in from `auth.uid()`.
    public var memberId: UUID
    /// The workout's name ("Leg day"); never blank (the table's check refuses it).
    public var title: String
    /// When the member trained (not when the row was written: see ``createdAt``).
    public var performedAt: Date
    /// Free text the member wrote; empty when none.
    public var notes: String
    /// The exercises done, in order, each with its sets; stored as the JSON array `workouts.exercises`.
    public var exercises: [WorkoutExercise]
    /// Set by the database; breaks ties between workouts performed at the same time.
    public var createdAt: Date

    /// Creates a workout as the `workouts` table stores it.
    ///
    /// - Parameters:
    ///   - id: The workout's id; a new one by default.
    ///   - memberId: The member whose workout it is.
    ///   - title: The workout's name.
    ///   - performedAt: When the member trained.
    ///   - notes: Free text; empty by default.
    ///   - exercises: The exercises done, in order; none by default.
    ///   - createdAt: When the row was written.
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
