import FitCore
import FitInMemory

/// The `members` table of `Backend/migrations/0002_schema.sql` (its policy from `0005_rls.sql`), for the
/// in-memory database.
enum MembersSchema {
    static let table = TableSchema(
        name: "members",
        columns: [
            Column("id", .uuid, default: .generatedUUID),
            Column("display_name", .text),
            Column("email", .text),
            Column("time_zone", .text, default: .value(.text("UTC"))),
            Column("created_at", .timestamp, default: .now),
        ],
        unique: [UniqueConstraint(name: "members_email_key", columns: ["email"])],
        access: .ownedBy(column: "id", memberWritable: false)
    )
}
