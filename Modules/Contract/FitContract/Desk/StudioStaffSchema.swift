import FitCore
import FitInMemory

/// `studio_staff` of `Backend/migrations/0021_studio_desk.sql` for the in-memory database: which members run which
/// studio, as `owner` or `instructor`. A member reads their own rows; only the service role writes.
enum StudioStaffSchema {
    /// The roles the table's check allows.
    static let roles: Set<String> = ["owner", "instructor"]

    static let table = TableSchema(
        name: "studio_staff",
        columns: [
            Column("studio_id", .uuid),
            Column("member_id", .uuid),
            Column("role", .text),
            Column("created_at", .timestamp, default: .now),
        ],
        primaryKey: ["studio_id", "member_id"],
        checks: [
            CheckConstraint(name: "studio_staff_role_check") { row in
                guard let role = row["role"].textValue else { return true }
                return roles.contains(role)
            }
        ],
        foreignKeys: [
            ForeignKey("studio_id", references: "studios", onDelete: .cascade),
            ForeignKey("member_id", references: "members", onDelete: .cascade),
        ],
        access: .ownedBy(column: "member_id", memberWritable: false)
    )
}
