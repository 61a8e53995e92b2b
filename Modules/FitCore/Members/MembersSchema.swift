/// The `members` table of `Backend/migrations`, for the in-memory database. Every feature schema that
/// references members installs this first; installing twice is harmless.
public enum MembersSchema {
    public static let table = TableSchema(
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

    /// Creates the `members` table unless it exists.
    public static func install(on database: InMemoryDatabase) throws {
        guard !database.hasRelation(named: table.name) else { return }
        try database.createTable(table)
    }
}
