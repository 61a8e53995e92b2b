import FitCore

/// The `events` table of `Backend/migrations/0002_schema.sql` and its policy in `0005_rls.sql`, for the
/// in-memory database: same columns, defaults, checks, foreign key and "own rows only" access, so both
/// backends accept and reject the same writes.
public enum EventsSchema {
    public static let table = TableSchema(
        name: "events",
        columns: [
            Column("id", .uuid, default: .generatedUUID),
            Column("member_id", .uuid, default: .actingMember),
            Column("title", .text),
            Column("date", .timestamp),
            Column("text_color", .text),
            Column("image_data", .text, nullable: true),
            Column("created_at", .timestamp, default: .now),
        ],
        checks: [
            // check (length(btrim(title)) between 1 and 200): btrim strips spaces only; length counts characters.
            CheckConstraint(name: "events_title_check") { row in
                guard let title = row["title"].textValue else { return true }
                let length = title.unicodeScalars.drop { $0 == " " }.reversed().drop { $0 == " " }.count
                return (1...Event.maximumTitleLength).contains(length)
            },
            // check (text_color ~ '^#[0-9A-F]{8}$')
            CheckConstraint(name: "events_text_color_check") { row in
                guard let text = row["text_color"].textValue else { return true }
                return RGBAColor.isCanonicalHex(text)
            },
        ],
        foreignKeys: [ForeignKey("member_id", references: MembersSchema.table.name)],
        access: .ownedBy(column: "member_id", memberWritable: true)
    )

    /// Creates `members` (when missing) and `events` unless it exists; installing twice is harmless.
    public static func install(on database: InMemoryDatabase) throws {
        try MembersSchema.install(on: database)
        guard !database.hasRelation(named: table.name) else { return }
        try database.createTable(table)
    }
}
