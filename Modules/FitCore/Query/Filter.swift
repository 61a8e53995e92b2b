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
}

extension Filter: CustomStringConvertible {
    /// PostgREST's text for the filter, e.g. `age.gte.18` or `or(a.eq.1,b.is.null)`.
    public var description: String {
        switch self {
        case .condition(let column, let op, let value): "\(column).\(op.rawValue).\(value.text)"
        case .not(.condition(let column, let op, let value)): "\(column).not.\(op.rawValue).\(value.text)"
        case .not(let inner): "not.\(inner)"
        case .or(let members): "or(" + members.map(\.description).joined(separator: ",") + ")"
        case .and(let members): "and(" + members.map(\.description).joined(separator: ",") + ")"
        }
    }
}
