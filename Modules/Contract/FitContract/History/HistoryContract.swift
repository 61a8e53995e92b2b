import FitCore
import FitInMemory
import FitOffline

/// History's part of the contract: the exercise catalogue (read-only offline) and the member's ratings, exercise
/// history and workouts, writable offline (ratings and workouts resolved by `updated_at`).
enum HistoryContract {
    static let feature = FeatureContract(
        name: "History", schema: InMemorySchema(tables: HistorySchema.tables),
        replicaRules: [
            ReplicaRule("exercises"),
            ReplicaRule(
                "exercise_ratings", key: ["member_id", "exercise_id"], isWritableOffline: true,
                versionColumn: "updated_at"),
            ReplicaRule("exercise_history", isWritableOffline: true),
            ReplicaRule("workouts", isWritableOffline: true, versionColumn: "updated_at"),
        ],
        seed: HistorySeed.write)
}
