import FitCore
import FitInMemory
import Foundation

/// The History tables of `Backend/migrations/0002_schema.sql` (`exercises`, `exercise_ratings`, `exercise_history`,
/// `workouts`) for the in-memory database, with the same constraints and row-level security, so both backends
/// accept and reject the same writes.
enum HistorySchema {
    /// The HIIT catalogue: public read, written only by the service role.
    static let exercises = TableSchema(
        name: "exercises",
        columns: [
            Column("id", .uuid, default: .generatedUUID),
            Column("position", .integer),
            Column("name", .text),
            Column("video_name", .text),
            Column("duration_seconds", .integer),
        ],
        unique: [UniqueConstraint(name: "exercises_position_key", columns: ["position"])],
        checks: [
            CheckConstraint(name: "exercises_duration_seconds_check") { row in
                row["duration_seconds"].intValue.map { $0 > 0 } ?? true
            }
        ],
        access: .publicRead
    )

    /// One rating per member and exercise (primary key `(member_id, exercise_id)`), 1 through 5.
    static let exerciseRatings = TableSchema(
        name: "exercise_ratings",
        columns: [
            Column("member_id", .uuid, default: .actingMember),
            Column("exercise_id", .uuid),
            Column("rating", .integer),
            Column("updated_at", .timestamp, default: .now),
        ],
        primaryKey: ["member_id", "exercise_id"],
        checks: [
            CheckConstraint(name: "exercise_ratings_rating_check") { row in
                row["rating"].intValue.map { (1...5).contains($0) } ?? true
            }
        ],
        foreignKeys: [
            ForeignKey("member_id", references: "members", onDelete: .cascade),
            ForeignKey("exercise_id", references: "exercises"),
        ],
        access: .ownedBy(column: "member_id", memberWritable: true)
    )

    /// The log of completed exercises: members insert and delete their entries but never change one
    /// (`grant select, insert, delete`, as in `0005_rls.sql`).
    static let exerciseHistory = TableSchema(
        name: "exercise_history",
        columns: [
            Column("id", .uuid, default: .generatedUUID),
            Column("member_id", .uuid, default: .actingMember),
            Column("exercise_id", .uuid),
            Column("completed_at", .timestamp, default: .now),
        ],
        foreignKeys: [
            ForeignKey("member_id", references: "members", onDelete: .cascade),
            ForeignKey("exercise_id", references: "exercises"),
        ],
        indexes: [.ordered("completed_at")],
        access: .ownedBy(column: "member_id", memberWritable: [.insert, .delete])
    )

    /// Strength workouts; `exercises` is a jsonb array of `{name, sets: [{reps, weight_kg, rest_seconds}]}`.
    static let workouts = TableSchema(
        name: "workouts",
        columns: [
            Column("id", .uuid, default: .generatedUUID),
            Column("member_id", .uuid, default: .actingMember),
            Column("title", .text),
            Column("performed_at", .timestamp),
            Column("notes", .text, default: .value(.text(""))),
            Column("exercises", .json, default: .value(.json(.array([])))),
            Column("created_at", .timestamp, default: .now),
            Column("updated_at", .timestamp, default: .now),
        ],
        checks: [
            CheckConstraint(name: "workouts_title_check") { row in
                // length(btrim(title)) >= 1; btrim strips spaces only.
                row["title"].textValue.map { $0.contains { $0 != " " } } ?? true
            }
        ],
        foreignKeys: [ForeignKey("member_id", references: "members", onDelete: .cascade)],
        indexes: [.ordered("performed_at")],
        access: .ownedBy(column: "member_id", memberWritable: true)
    )

    /// Every History table, in creation order (referenced tables first).
    static let tables = [exercises, exerciseRatings, exerciseHistory, workouts]
}
