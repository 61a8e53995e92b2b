import FitCore

/// What an offline-first client keeps of one table or view in its local replica, and whether members may
/// change it offline.
public struct ReplicaRule: Sendable, Hashable {
    /// How long cached rows stay in the replica.
    public enum Retention: Sendable, Hashable {
        /// Until the server says they are gone.
        case forever
        /// Until the timestamp in `column` is more than `by` in the past (a timetable keeps classes until a day
        /// after they start, say); pruned whenever the relation syncs.
        case untilPast(column: String, by: Duration)
    }

    /// The table or view, as queries name it.
    public var relation: String
    /// The columns that identify a row (the primary key of a table, a unique column of a view).
    public var key: [String]
    /// Whether inserts, updates, upserts and deletes work offline: applied to the replica at once and queued in
    /// the outbox. Other writes need the server.
    public var isWritableOffline: Bool
    /// Whether the rows depend on who asks (a view computed for the signed-in member): then each role gets its own
    /// copy.
    public var isPerMember: Bool
    /// The column that decides between two devices' edits of one row: the later value wins on both. The client
    /// stamps it on every write it sends; `nil` when rows are never edited (they are inserted and deleted).
    public var versionColumn: String?
    /// How long cached rows stay.
    public var retention: Retention

    /// Declares what the replica keeps of a relation.
    ///
    /// - Parameters:
    ///   - relation: The table or view.
    ///   - key: The columns that identify a row; `["id"]` by default.
    ///   - isWritableOffline: Whether members may change it offline; `false` by default.
    ///   - isPerMember: Whether each role gets its own copy (views computed for the signed-in member); `false` by
    ///     default.
    ///   - versionColumn: The column whose later value wins between two devices' edits; none by default.
    ///   - retention: How long cached rows stay; ``Retention/forever`` by default.
    public init(
        _ relation: String,
        key: [String] = ["id"],
        isWritableOffline: Bool = false,
        isPerMember: Bool = false,
        versionColumn: String? = nil,
        retention: Retention = .forever
    ) {
        self.relation = relation
        self.key = key
        self.isWritableOffline = isWritableOffline
        self.isPerMember = isPerMember
        self.versionColumn = versionColumn
        self.retention = retention
    }
}
