import FitCore
import FitInMemory

/// The `events` table of `Backend/migrations/0002_schema.sql` and its policy in `0005_rls.sql`, for the
/// in-memory database: same columns, defaults, checks, foreign key and "own rows only" access, so both
/// backends accept and reject the same writes.
enum EventsSchema {
    static let table = TableSchema(
        name: "events",
        columns: [
            Column("id", .uuid, default: .generatedUUID),
            Column("member_id", .uuid, default: .actingMember),
            Column("title", .text),
            Column("date", .timestamp),
            Column("text_color", .text),
            Column("image_data", .text, nullable: true),
            Column("created_at", .timestamp, default: .now),
            Column("updated_at", .timestamp, default: .now),
        ],
        checks: [
            // check (length(btrim(title)) between 1 and 200): btrim strips spaces only; length counts characters.
            CheckConstraint(name: "events_title_check") { row in
                guard let title = row["title"].textValue else { return true }
                let length = title.unicodeScalars.drop { $0 == " " }.reversed().drop { $0 == " " }.count
                return (1...200).contains(length)
            },
            // check (text_color ~ '^#[0-9A-F]{8}$')
            CheckConstraint(name: "events_text_color_check") { row in
                guard let text = row["text_color"].textValue else { return true }
                return text.utf8.count == 9 && text.utf8.first == UInt8(ascii: "#")
                    && text.utf8.dropFirst().allSatisfy { (48...57).contains($0) || (65...70).contains($0) }
            },
        ],
        foreignKeys: [ForeignKey("member_id", references: "members", onDelete: .cascade)],
        indexes: [.ordered("date")],
        access: .ownedBy(column: "member_id", memberWritable: true)
    )
}
