import FitCore

/// Reads a `postgres_changes` message's `data` — `{schema, table, type, commit_timestamp, columns, errors, record?,
/// old_record?}` — as the ``FitCore/DatabaseChange`` every backend's feed gives: the kind, the table, the row's key and,
/// for an insert or an update, the row.
package enum RealtimeChange {
    /// The change a `postgres_changes` message reports.
    ///
    /// - Parameters:
    ///   - message: The message (event `postgres_changes`).
    ///   - keyColumns: The table's primary-key columns. A delete carries only its old row's key (Realtime does not
    ///     check a delete against row-level security, so it sends nothing else); an insert or an update carries the
    ///     row, whose key columns make the key.
    /// - Returns: The change.
    /// - Throws: ``RealtimeProtocolError`` when the payload has no `data` object, no table, an unknown type, or no
    ///   row where its type needs one (an insert's or update's `record`, a delete's `old_record`).
    package static func change(in message: RealtimeMessage, keyColumns: [String]) throws(RealtimeProtocolError)
        -> DatabaseChange
    {
        guard case .object(let data)? = message.payload["data"] else {
            throw RealtimeProtocolError(reason: "a postgres_changes message without a data object")
        }
        guard case .string(let table)? = data["table"] else {
            throw RealtimeProtocolError(reason: "a postgres_changes message without a table")
        }
        func object(_ name: String) -> [String: JSONValue]? {
            if case .object(let members)? = data[name] { members } else { nil }
        }
        func key(of row: [String: JSONValue]) -> [String: JSONValue] {
            var key: [String: JSONValue] = [:]
            for column in keyColumns { key[column] = row[column] ?? .null }
            return key
        }
        switch data["type"] {
        case .string("INSERT"), .string("UPDATE"):
            guard let record = object("record") else {
                throw RealtimeProtocolError(reason: "a change to \(table) without its record")
            }
            let kind: DatabaseChange.Kind = data["type"] == .string("INSERT") ? .insert : .update
            return .row(kind: kind, table: table, key: key(of: record), row: .object(record))
        case .string("DELETE"):
            guard let old = object("old_record") else {
                throw RealtimeProtocolError(reason: "a delete from \(table) without its old record")
            }
            let known = keyColumns.allSatisfy { old[$0] != nil }
            return .row(kind: .delete, table: table, key: known ? key(of: old) : old, row: nil)
        case let other:
            throw RealtimeProtocolError(
                reason:
                    "a change to \(table) of type \(String(decoding: JSONWriter.data(other ?? .null), as: UTF8.self))")
        }
    }
}
