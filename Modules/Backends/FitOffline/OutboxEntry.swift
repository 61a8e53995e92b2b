import FitCore
import FitInMemory
import Foundation

/// One change made offline, waiting in the replica's `fitkit_outbox` table until the server accepts it. It is
/// stored in an idempotent form: the rows with their client-made keys, and for updates and deletes the keys of the
/// rows they touched, so replaying it twice (after a crash between the server's answer and the outbox's removal)
/// changes nothing the first replay did not.
struct OutboxEntry: Sendable, Hashable {
    enum Kind: String, Sendable {
        case insert, update, upsert, delete
    }

    static let table = "fitkit_outbox"

    var sequence: Int
    var role: DatabaseRole
    var table: String
    var kind: Kind
    /// Insert and upsert: the rows as sent. Update: the object of new values.
    var body: JSONValue?
    /// The keys of the rows written (column → value).
    var keys: [[String: JSONValue]]
    /// The upsert's conflict columns.
    var conflict: [String]?
    /// The version stamp (`updated_at`) the change carries, for last-write-wins.
    var stamp: String?

    static let schema = TableSchema(
        name: table,
        columns: [
            Column("sequence", .integer),
            Column("role", .text),
            Column("target", .text),
            Column("kind", .text),
            Column("body", .json, nullable: true),
            Column("keys", .json),
            Column("conflict", .json, nullable: true),
            Column("stamp", .text, nullable: true),
        ],
        primaryKey: ["sequence"],
        access: .publicRead
    )

    var row: JSONValue {
        .object([
            "sequence": .number(Decimal(sequence)),
            "role": .string(Self.encode(role)),
            "target": .string(table),
            "kind": .string(kind.rawValue),
            "body": body ?? .null,
            "keys": .array(keys.map(JSONValue.object)),
            "conflict": conflict.map { .array($0.map(JSONValue.string)) } ?? .null,
            "stamp": stamp.map(JSONValue.string) ?? .null,
        ])
    }

    init(
        sequence: Int, role: DatabaseRole, table: String, kind: Kind, body: JSONValue?, keys: [[String: JSONValue]],
        conflict: [String]?, stamp: String?
    ) {
        self.sequence = sequence
        self.role = role
        self.table = table
        self.kind = kind
        self.body = body
        self.keys = keys
        self.conflict = conflict
        self.stamp = stamp
    }

    /// Reads a stored entry; `nil` for a row this version cannot read (it is left in the outbox).
    init?(row: JSONValue) {
        guard case .number(let number)? = row["sequence"], let role = row["role"]?.stringValue.flatMap(Self.decode),
            let table = row["target"]?.stringValue, let kind = row["kind"]?.stringValue.flatMap(Kind.init),
            let keys = row["keys"]?.arrayValue?.compactMap(\.objectValue)
        else { return nil }
        self.sequence = NSDecimalNumber(decimal: number).intValue
        self.role = role
        self.table = table
        self.kind = kind
        self.body = row["body"].flatMap { $0.isNull ? nil : $0 }
        self.keys = keys
        self.conflict = row["conflict"]?.arrayValue?.compactMap(\.stringValue)
        self.stamp = row["stamp"]?.stringValue
    }

    static func encode(_ role: DatabaseRole) -> String {
        switch role {
        case .service: "service"
        case .anonymous: "anon"
        case .member(let id): id.uuidString.lowercased()
        }
    }

    static func decode(_ text: String) -> DatabaseRole? {
        switch text {
        case "service": .service
        case "anon": .anonymous
        default: UUID(uuidString: text).map(DatabaseRole.member)
        }
    }
}
