import FitCore
import FitInMemory

/// The `members` table of `Backend/migrations/0002_schema.sql` as `0010_accounts.sql` leaves it (its policy from
/// `0005_rls.sql`), and the auth users members come from, for the in-memory database.
enum MembersSchema {
    /// `auth.users`: Supabase Auth's users, as FitKit's shim on plain PostgreSQL has them. Requests cannot name it
    /// (it is outside `public`); `create_accounts`, `delete_my_account` and the sign-up trigger write it.
    static let authUsers = TableSchema(
        name: "auth.users",
        columns: [
            Column("id", .uuid, default: .generatedUUID),
            Column("aud", .text, nullable: true),
            Column("role", .text, nullable: true),
            Column("email", .text, nullable: true),
            Column("phone", .text, nullable: true),
            Column("is_anonymous", .boolean, default: .value(.bool(false))),
            Column("raw_user_meta_data", .json, nullable: true),
            Column("created_at", .timestamp, nullable: true, default: .now),
            Column("updated_at", .timestamp, nullable: true, default: .now),
        ],
        unique: [
            UniqueConstraint(name: "users_email_key", columns: ["email"]),
            UniqueConstraint(name: "users_phone_key", columns: ["phone"]),
        ],
        access: .ownedBy(column: "id", memberWritable: false)
    )

    /// `members`: one per auth user (deleted with it); the email is NULL for phone-only and anonymous users.
    static let table = TableSchema(
        name: "members",
        columns: [
            Column("id", .uuid),
            Column("display_name", .text),
            Column("email", .text, nullable: true),
            Column("time_zone", .text, default: .value(.text("UTC"))),
            Column("created_at", .timestamp, default: .now),
        ],
        unique: [UniqueConstraint(name: "members_email_key", columns: ["email"])],
        foreignKeys: [ForeignKey("id", references: authUsers.name, onDelete: .cascade)],
        access: .ownedBy(column: "id", memberWritable: false)
    )
}
