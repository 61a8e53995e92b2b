/// Why a change feed cannot be followed.
public enum ChangeFeedError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The backend cannot follow changes (it has no change feed); the name says which backend.
    case notSupported(backend: String)
    /// The backend follows changes, but cannot filter them this way (Supabase Realtime filters one column with `eq`,
    /// `neq`, `lt`, `lte`, `gt`, `gte` or `in` with at most 100 values); `filter` is the filter as PostgREST writes
    /// it.
    case filterNotSupported(backend: String, filter: String)
    /// The table's changes are not published to the backend's feed (on Supabase: the table is not in the
    /// `supabase_realtime` publication, or Realtime refused the subscription); `reason` is what the server said.
    case notPublished(table: String, reason: String)

    /// A sentence naming the backend, the filter or the table, and what to do.
    public var description: String {
        switch self {
        case .notSupported(let backend): "\(backend) cannot follow changes: reload to see what others wrote."
        case .filterNotSupported(let backend, let filter):
            "\(backend) cannot follow changes where \(filter): follow one column compared with eq, neq, lt, lte, gt, "
                + "gte or in (at most 100 values), and filter the rest after loading."
        case .notPublished(let table, let reason):
            "\(table)'s changes are not published (\(reason)): add the table to the supabase_realtime publication."
        }
    }
}
