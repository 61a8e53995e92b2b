import Foundation

/// One `exercise_history` row: a member finished an exercise at an instant.
public struct ExerciseCompletion: Codable, Sendable, Hashable, Identifiable {
    public var id: UUID
    public var memberId: UUID
    public var exerciseId: UUID
    public var completedAt: Date

    public init(id: UUID = UUID(), memberId: UUID, exerciseId: UUID, completedAt: Date) {
        self.id = id
        self.memberId = memberId
        self.exerciseId = exerciseId
        self.completedAt = completedAt
    }

    /// Oldest first, ties broken by id as `HistoryQueries.completions()` orders them (lower-case hex text
    /// sorts as PostgreSQL sorts uuids), so local and reloaded lists agree.
    public static func chronological(_ lhs: ExerciseCompletion, _ rhs: ExerciseCompletion) -> Bool {
        if lhs.completedAt != rhs.completedAt { return lhs.completedAt < rhs.completedAt }
        return lhs.id.uuidString.lowercased() < rhs.id.uuidString.lowercased()
    }
}
