#if Postgres
    import FitCore
    import Foundation

    /// One notification of the change feed's triggers (`Backend/migrations/0006_change_feed.sql`): which row of
    /// which table changed, by key, never its content.
    ///
    /// The payload is JSON on channel ``channel``:
    /// `{"table": "loans", "op": "insert", "key": {"id": "…"}, "owner": "…", "refs": {"book_id": "…"}}`;
    /// `owner` is there on member-owned tables only, `refs` when the table places rows in a view.
    struct ChangeNotification: Sendable, Hashable {
        /// What happened: a row was inserted, updated or deleted, or the whole table was truncated.
        enum Operation: String, Sendable, Hashable {
            case insert, update, delete, truncate
        }

        /// The channel the triggers notify on.
        static let channel = "fitkit_changes"

        var table: String
        var operation: Operation
        /// The row's primary key by column (empty for a truncate).
        var key: [String: JSONValue]
        /// The owning member's id on member-owned tables (`nil`: a shared table everyone may read).
        var owner: UUID?
        /// Further columns that place the row in a view (a loan's `book_id`).
        var references: [String: JSONValue]

        /// The notification in `payload`, or `nil` when the payload is not one of FitKit's triggers' (anyone may
        /// notify on a channel): such a notification is ignored.
        init?(payload: String) {
            guard
                let value = try? JSONValue(json: Data(payload.utf8)),
                let table = value["table"]?.stringValue,
                let operation = value["op"]?.stringValue.flatMap(Operation.init(rawValue:))
            else { return nil }
            let key = value["key"]?.objectValue ?? [:]
            guard operation == .truncate || !key.isEmpty else { return nil }
            self.init(
                table: table, operation: operation, key: key,
                owner: value["owner"]?.stringValue.flatMap(UUID.init(uuidString:)),
                references: value["refs"]?.objectValue ?? [:])
        }

        init(
            table: String, operation: Operation, key: [String: JSONValue], owner: UUID? = nil,
            references: [String: JSONValue] = [:]
        ) {
            self.table = table
            self.operation = operation
            self.key = key
            self.owner = owner
            self.references = references
        }

        /// The columns the notification names: the key and the references.
        var knownColumns: [String: JSONValue] { key.merging(references) { key, _ in key } }
    }
#endif
