import Foundation

/// One `exercise_history` row: a member finished an exercise at an instant.
public struct ExerciseCompletion: Codable, Sendable, Hashable, Identifiable {
    /// The row's id; ties between completions at the same instant are broken by it.
    public var id: UUID
    /// The member who finished the exercise; the database fills it in from `auth.uid()`.
    public var memberId: UUID
    /// The catalogue exercise that was finished (an ``Exercise/id``).
    public var exerciseId: UUID
    /// When the exercise was finished.
    public var completedAt: Date

    /// Creates a completion as the `exercise_history` table stores it.
    ///
    /// - Parameters:
    ///   - id: The row's id; a new one by default.
    ///   - memberId: The member who finished the exercise.
    ///   - exerciseId: The exercise finished.
    ///   - completedAt: When it was finished.
    public init(id: UUID = UUID(), memberId: UUID, exerciseId: UUID, completedAt: Date) {
        self.id = id
        self.memberId = memberId
        self.exerciseId = exerciseId
        self.completedAt = completedAt
    }

    /// Oldest first, ties broken by id as `HistoryQueries.completions()` orders them (lower-case hex text
    /// sorts as PostgreSQL sorts uuids), so local and reloaded lists agree.
    ///
    /// - Parameters:
    ///   - lhs: A completion.
    ///   - rhs: Another completion.
    /// - Returns: Whether `lhs` comes first: the earlier completion, or for the same instant the lower id.
    public static func chronological(_ lhs: ExerciseCompletion, _ rhs: ExerciseCompletion) -> Bool {
        if lhs.completedAt != rhs.completedAt { return lhs.completedAt < rhs.completedAt }
        return lhs.id.uuidString.lowercased() < rhs.id.uuidString.lowercased()
    }
}
