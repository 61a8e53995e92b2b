/// What a request asks of one embedded resource besides its columns, as supabase-swift's `referencedTable:`
/// arguments and PostgREST's `studios.name=eq.x`, `studios.order=…`, `studios.limit=…` parameters say it.
public struct ReferencedTableOptions: Sendable, Hashable {
    /// Conditions the embedded rows must meet (without `!inner` they filter the embedded rows only).
    public var filters: [Filter]
    /// The embedded rows' order.
    public var order: [OrderTerm]
    /// The most embedded rows per row, or `nil` for all.
    public var limit: Int?
    /// How many embedded rows to skip per row, or `nil` for none.
    public var offset: Int?

    /// Options for one embedded resource.
    ///
    /// - Parameters:
    ///   - filters: Conditions on the embedded rows; none by default.
    ///   - order: Their order; none by default.
    ///   - limit: The most embedded rows per row; `nil` (the default) for all.
    ///   - offset: How many to skip first; `nil` (the default) for none.
    public init(filters: [Filter] = [], order: [OrderTerm] = [], limit: Int? = nil, offset: Int? = nil) {
        self.filters = filters
        self.order = order
        self.limit = limit
        self.offset = offset
    }
}
