import Foundation

/// Filters, ordering, paging and cardinality for a request, then ``execute()``.
///
/// A value type: every method returns a new builder, so a partial builder can be kept and reused for
/// several queries without one query's filters leaking into another.
public struct FilterBuilder: Sendable {
    /// Why a request cannot be sent, found while building it; thrown by `execute()`.
    enum Failure: Sendable {
        case encoding(any Error)
        case invalid(DatabaseError)
    }

    let client: any DatabaseClient
    /// The request built so far.
    public private(set) var query: DatabaseQuery
    let failure: Failure?

    init(client: any DatabaseClient, query: DatabaseQuery, failure: Failure? = nil) {
        self.client = client
        self.query = query
        self.failure = failure
    }

    private func with(_ change: (inout DatabaseQuery) -> Void) -> FilterBuilder {
        var copy = query
        change(&copy)
        return FilterBuilder(client: client, query: copy, failure: failure)
    }

    private func adding(_ filter: Filter) -> FilterBuilder { with { $0.filters.append(filter) } }

    // MARK: Filters

    /// `column = value`.
    public func eq(_ column: String, value: some FilterValue) -> FilterBuilder {
        adding(.condition(column: column, operator: .eq, value: value.queryValue))
    }
    /// `column <> value`.
    public func neq(_ column: String, value: some FilterValue) -> FilterBuilder {
        adding(.condition(column: column, operator: .neq, value: value.queryValue))
    }
    /// `column > value`.
    public func gt(_ column: String, value: some FilterValue) -> FilterBuilder {
        adding(.condition(column: column, operator: .gt, value: value.queryValue))
    }
    /// `column >= value`.
    public func gte(_ column: String, value: some FilterValue) -> FilterBuilder {
        adding(.condition(column: column, operator: .gte, value: value.queryValue))
    }
    /// `column < value`.
    public func lt(_ column: String, value: some FilterValue) -> FilterBuilder {
        adding(.condition(column: column, operator: .lt, value: value.queryValue))
    }
    /// `column <= value`.
    public func lte(_ column: String, value: some FilterValue) -> FilterBuilder {
        adding(.condition(column: column, operator: .lte, value: value.queryValue))
    }
    /// `column LIKE pattern`: `%` (or PostgREST's `*`) matches any run, `_` one character.
    public func like(_ column: String, pattern: String) -> FilterBuilder {
        adding(.condition(column: column, operator: .like, value: .string(pattern)))
    }
    /// `column ILIKE pattern`: like ``like(_:pattern:)``, ignoring case.
    public func ilike(_ column: String, pattern: String) -> FilterBuilder {
        adding(.condition(column: column, operator: .ilike, value: .string(pattern)))
    }
    /// `column IS NULL` (`nil`), `IS TRUE` or `IS FALSE`.
    public func `is`(_ column: String, value: Bool?) -> FilterBuilder {
        adding(.condition(column: column, operator: .is, value: value.map(QueryValue.bool) ?? .null))
    }
    /// `column = ANY(values)`; an empty list matches no row.
    public func `in`(_ column: String, values: [some FilterValue]) -> FilterBuilder {
        adding(.condition(column: column, operator: .in, value: .list(values.map(\.queryValue))))
    }
    /// `NOT (column <operator> value)`, e.g. `.not("status", operator: .eq, value: "cancelled")`.
    public func not(_ column: String, operator op: FilterOperator, value: some FilterValue) -> FilterBuilder {
        adding(.not(.condition(column: column, operator: op, value: value.queryValue)))
    }
    /// Any of the PostgREST filters in `filters` holds: `"age.lt.18,and(name.ilike.*ann*,active.is.true)"`.
    public func or(_ filters: String) -> FilterBuilder {
        do {
            return adding(.or(try LogicTreeParser.parse(filters)))
        } catch {
            return FilterBuilder(client: client, query: query, failure: failure ?? .invalid(error))
        }
    }
    /// `column = value` for every pair (PostgREST's `match`). Pairs are applied in column order.
    public func match(_ values: [String: any FilterValue]) -> FilterBuilder {
        with { query in
            for column in values.keys.sorted() {
                query.filters.append(.condition(column: column, operator: .eq, value: values[column]!.queryValue))
            }
        }
    }
    /// Adds a prepared ``Filter`` tree.
    public func filter(_ filter: Filter) -> FilterBuilder { adding(filter) }

    // MARK: Transforms

    /// For a write: return the written rows (`columns` as in `select`). For a read: narrows the columns.
    public func select(_ columns: String = "*") -> FilterBuilder {
        with { query in
            query.columns = TableQueryBuilder.parseColumns(columns)
            query.returning = .representation
        }
    }
    /// Adds an ORDER BY term. NULLs sort last when ascending and first when descending unless `nullsFirst` says.
    public func order(_ column: String, ascending: Bool = true, nullsFirst: Bool? = nil) -> FilterBuilder {
        with { $0.order.append(OrderTerm(column: column, ascending: ascending, nullsFirst: nullsFirst)) }
    }
    /// At most `count` rows.
    public func limit(_ count: Int) -> FilterBuilder { with { $0.limit = count } }
    /// Rows `from` through `to`, both inclusive and zero-based.
    public func range(from: Int, to: Int) -> FilterBuilder {
        with { query in
            query.offset = from
            query.limit = max(0, to - from + 1)
        }
    }
    /// Expect exactly one row, returned as an object; 0 or more rows is error `PGRST116`.
    public func single() -> FilterBuilder { with { $0.cardinality = .single } }
    /// Expect at most one row: the object, or `nil` for none; more rows is error `PGRST116`.
    public func maybeSingle() -> FilterBuilder { with { $0.cardinality = .maybeSingle } }

    // MARK: Execution

    /// Sends the request and returns the raw JSON.
    public func executeRaw() async throws -> RawResponse {
        switch failure {
        case .encoding(let error)?: throw error
        case .invalid(let error)?: throw error
        case nil: return try await client.run(query)
        }
    }

    /// Sends the request, ignoring any body (for writes without `.select()`).
    @discardableResult
    public func execute() async throws -> DatabaseResponse<Void> {
        let raw = try await executeRaw()
        return DatabaseResponse(value: (), count: raw.count, data: raw.data)
    }

    /// Sends the request and decodes the body: `let rows: [Event] = try await ….execute().value`.
    public func execute<Value: Decodable & Sendable>(as type: Value.Type = Value.self) async throws
        -> DatabaseResponse<Value>
    {
        let raw = try await executeRaw()
        let value = try ResponseDecoder.decode(Value.self, from: raw.data, source: query.target)
        return DatabaseResponse(value: value, count: raw.count, data: raw.data)
    }
}
