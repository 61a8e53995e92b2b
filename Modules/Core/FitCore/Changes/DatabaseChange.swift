/// One event of a backend's change feed for a table or view (see ``DatabaseClient/changes(to:where:)``).
///
/// Row-level security applies: a subscriber never receives another member's private rows, not even their keys.
public enum DatabaseChange: Sendable, Hashable {
    /// What happened to a row.
    public enum Kind: String, Sendable, Hashable {
        /// A row was added (or became visible to the subscriber).
        case insert
        /// A row's values changed.
        case update
        /// A row was removed (or is no longer visible to the subscriber).
        case delete
    }

    /// A committed change to one row the subscriber may see.
    /// - `key`: the row's primary key (for a view, its first column), by column name.
    /// - `row`: the row as the subscriber sees it now; `nil` for a delete (or when the backend only knows the key).
    case row(kind: Kind, table: String, key: [String: JSONValue], row: JSONValue?)
    /// Changes may have been missed (the backend's connection dropped and came back): whatever was loaded from
    /// this table may be stale, so reload it.
    case missedChanges(table: String)

    /// The table or view the change is about.
    public var table: String {
        switch self {
        case .row(_, let table, _, _), .missedChanges(let table): table
        }
    }
}
