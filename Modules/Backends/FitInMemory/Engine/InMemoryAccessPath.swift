/// How the in-memory database reads a table or view for one query: what ``InMemoryDatabase/explain(_:as:)``
/// reports. Whatever the path, the query's result is the same; only the number of rows read differs.
public enum InMemoryAccessPath: Sendable, Hashable {
    /// Every row the role may see is read and filtered.
    case scan
    /// A view computes its rows.
    case view
    /// Only the rows an index lists for the query's filter on `column` are read: `candidates` of them.
    case indexLookup(column: String, candidates: Int)
    /// The ordered index on `column` is walked in the query's order, stopping at the last row the limit needs.
    case orderedWalk(column: String)
}
