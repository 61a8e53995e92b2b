/// One condition of a query's WHERE clause, as a tree: PostgREST's horizontal filters plus its
/// `not`, `or` and `and` logic.
public indirect enum Filter: Sendable, Hashable {
    /// `column <operator> value`.
    case condition(column: String, operator: FilterOperator, value: QueryValue)
    /// Negation (SQL `NOT`, three-valued: `NOT NULL` is still unknown).
    case not(Filter)
    /// True when any member is true.
    case or([Filter])
    /// True when every member is true.
    case and([Filter])
}

/// The comparison in a ``Filter/condition(column:operator:value:)``, named as in PostgREST.
public enum FilterOperator: String, Sendable, Hashable, CaseIterable {
    /// `=`.
    case eq
    /// `<>`.
    case neq
    /// `>`.
    case gt
    /// `>=`.
    case gte
    /// `<`.
    case lt
    /// `<=`.
    case lte
    /// `LIKE`, with `%` and `_` wildcards.
    case like
    /// `ILIKE`: `LIKE` ignoring case.
    case ilike
    /// `IS NULL`, `IS TRUE`, `IS FALSE`.
    case `is`
    /// `= ANY(list)`.
    case `in`
    /// `LIKE ALL(patterns)`: every pattern matches; the operand is a list, written `{p1,p2}`.
    case likeAll = "like(all)"
    /// `LIKE ANY(patterns)`: at least one pattern matches; the operand is a list, written `{p1,p2}`.
    case likeAny = "like(any)"
    /// `ILIKE ALL(patterns)`: every pattern matches, ignoring case.
    case ilikeAll = "ilike(all)"
    /// `ILIKE ANY(patterns)`: at least one pattern matches, ignoring case.
    case ilikeAny = "ilike(any)"
    /// `~`: the text matches a POSIX regular expression (anywhere, unless anchored), case counts.
    case match
    /// `~*`: as ``match``, ignoring case.
    case imatch
    /// `IS DISTINCT FROM`: `<>` that treats NULL as a value, so it is never unknown.
    case isdistinct
    /// `@>`: the array or jsonb value contains the operand (`{a,b}` for arrays, JSON for jsonb).
    case cs
    /// `<@`: the array or jsonb value is contained by the operand.
    case cd
    /// `&&`: the array shares at least one element with the operand.
    case ov
    /// `to_tsvector(column) @@ to_tsquery(query)`: full-text search with `&`, `|`, `!`, `<->` and `:*` in the
    /// query. The operand is the query, or ``TextSearchOperand`` when a configuration is named (`fts(simple)`).
    case fts
    /// `to_tsvector(column) @@ plainto_tsquery(query)`: every word of the query is in the text.
    case plfts
    /// `to_tsvector(column) @@ phraseto_tsquery(query)`: the query's words are in the text, next to each other
    /// and in order.
    case phfts
    /// `to_tsvector(column) @@ websearch_to_tsquery(query)`: search-engine syntax (`"a phrase"`, `or`, `-word`).
    case wfts

    /// Whether a list operand is written as a PostgreSQL array literal (`{a,b}`): for every operator but `in`, whose
    /// list is `(a,b)`. So `eq("tags", value: ["a", "b"])` compares an array column with `{a,b}`, as in supabase-swift.
    public var takesArrayLiteral: Bool { self != .in && !isTextSearch }

    /// Whether this is one of the full-text search operators (`fts`, `plfts`, `phfts`, `wfts`), whose operand may
    /// name a text search configuration (see ``TextSearchOperand``).
    public var isTextSearch: Bool { self == .fts || self == .plfts || self == .phfts || self == .wfts }

    /// The operator as PostgREST writes it before the operand: the raw value, with a full-text search's
    /// configuration in parentheses (`fts(simple)`).
    ///
    /// - Parameter value: The operand, which carries the configuration of a full-text search.
    /// - Returns: The operator's text, e.g. `eq`, `like(all)`, `wfts(english)`.
    public func name(for value: QueryValue) -> String {
        guard isTextSearch, let config = TextSearchOperand(value)?.config else { return rawValue }
        return "\(rawValue)(\(config))"
    }

    /// The operand without what ``name(for:)`` writes: a full-text search's query alone; any other operand as it is.
    ///
    /// - Parameter value: The operand, as a ``Filter/condition(column:operator:value:)`` holds it.
    /// - Returns: The value PostgREST reads after `op.`.
    public func operand(of value: QueryValue) -> QueryValue {
        guard isTextSearch, let search = TextSearchOperand(value) else { return value }
        return .string(search.query)
    }

    /// The operand as PostgREST writes it after `op.`: a list is `(a,b)` for `in` and the array literal `{a,b}` for
    /// every other operator.
    ///
    /// - Parameter value: The operand.
    /// - Returns: The text PostgREST reads, also used to describe filters.
    public func text(of value: QueryValue) -> String {
        if isTextSearch { return operand(of: value).text }
        if takesArrayLiteral, case .list = value { return value.arrayLiteral }
        return value.text
    }
}

extension Filter: CustomStringConvertible {
    /// PostgREST's text for the filter, e.g. `age.gte.18` or `or(a.eq.1,b.is.null)`.
    public var description: String {
        switch self {
        case .condition(let column, let op, let value): "\(column).\(op.name(for: value)).\(op.text(of: value))"
        case .not(.condition(let column, let op, let value)):
            "\(column).not.\(op.name(for: value)).\(op.text(of: value))"
        case .not(let inner): "not.\(inner)"
        case .or(let members): "or(" + members.map(\.description).joined(separator: ",") + ")"
        case .and(let members): "and(" + members.map(\.description).joined(separator: ",") + ")"
        }
    }
}
