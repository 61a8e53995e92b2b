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

    private func adding(_ filter: Filter) -> FilterBuilder {
        let nesting = filter.nesting
        guard nesting <= Filter.maximumNesting else {
            return FilterBuilder(client: client, query: query, failure: failure ?? .invalid(Filter.tooDeep(nesting)))
        }
        // `authors.name` names a column of the embedded `authors`: the condition filters that resource (PostgREST's
        // `authors.name=eq.x`).
        switch filter {
        case .condition(let column, let op, let value), .not(.condition(let column, let op, let value)):
            guard let dot = column.lastIndex(of: ".") else { break }
            let path = String(column[..<dot])
            let plain = Filter.condition(
                column: String(column[column.index(after: dot)...]), operator: op, value: value)
            let routed: Filter = if case .not = filter { .not(plain) } else { plain }
            return with { $0.referencedTables[path, default: ReferencedTableOptions()].filters.append(routed) }
        default: break
        }
        return with { $0.filters.append(filter) }
    }

    // MARK: Filters

    /// `column = value`.
    ///
    /// - Parameters:
    ///   - column: The column to compare (snake_case, as in the table).
    ///   - value: The operand; the backend casts it to the column's type (`nil` is SQL `NULL`, which no
    ///     equality comparison matches: use ``is(_:value:)`` for that).
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func eq(_ column: String, value: some FilterValue) -> FilterBuilder {
        adding(.condition(column: column, operator: .eq, value: value.queryValue))
    }
    /// `column <> value`.
    ///
    /// - Parameters:
    ///   - column: The column to compare (snake_case, as in the table).
    ///   - value: The operand; the backend casts it to the column's type (`nil` is SQL `NULL`, which no
    ///     inequality comparison matches: use ``is(_:value:)`` for that).
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func neq(_ column: String, value: some FilterValue) -> FilterBuilder {
        adding(.condition(column: column, operator: .neq, value: value.queryValue))
    }
    /// `column > value`.
    ///
    /// - Parameters:
    ///   - column: The column to compare (snake_case, as in the table).
    ///   - value: The operand; the backend casts it to the column's type (`nil` is SQL `NULL`, which no
    ///     ordering comparison matches: use ``is(_:value:)`` for that).
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func gt(_ column: String, value: some FilterValue) -> FilterBuilder {
        adding(.condition(column: column, operator: .gt, value: value.queryValue))
    }
    /// `column >= value`.
    ///
    /// - Parameters:
    ///   - column: The column to compare (snake_case, as in the table).
    ///   - value: The operand; the backend casts it to the column's type (`nil` is SQL `NULL`, which no
    ///     ordering comparison matches: use ``is(_:value:)`` for that).
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func gte(_ column: String, value: some FilterValue) -> FilterBuilder {
        adding(.condition(column: column, operator: .gte, value: value.queryValue))
    }
    /// `column < value`.
    ///
    /// - Parameters:
    ///   - column: The column to compare (snake_case, as in the table).
    ///   - value: The operand; the backend casts it to the column's type (`nil` is SQL `NULL`, which no
    ///     ordering comparison matches: use ``is(_:value:)`` for that).
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func lt(_ column: String, value: some FilterValue) -> FilterBuilder {
        adding(.condition(column: column, operator: .lt, value: value.queryValue))
    }
    /// `column <= value`.
    ///
    /// - Parameters:
    ///   - column: The column to compare (snake_case, as in the table).
    ///   - value: The operand; the backend casts it to the column's type (`nil` is SQL `NULL`, which no
    ///     ordering comparison matches: use ``is(_:value:)`` for that).
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func lte(_ column: String, value: some FilterValue) -> FilterBuilder {
        adding(.condition(column: column, operator: .lte, value: value.queryValue))
    }
    /// `column LIKE pattern`: `%` (or PostgREST's `*`) matches any run, `_` one character.
    ///
    /// - Parameters:
    ///   - column: The text column to match.
    ///   - pattern: The pattern; case counts.
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func like(_ column: String, pattern: String) -> FilterBuilder {
        adding(.condition(column: column, operator: .like, value: .string(pattern)))
    }
    /// `column ILIKE pattern`: like ``like(_:pattern:)``, ignoring case.
    ///
    /// - Parameters:
    ///   - column: The text column to match.
    ///   - pattern: The pattern, matched ignoring case.
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func ilike(_ column: String, pattern: String) -> FilterBuilder {
        adding(.condition(column: column, operator: .ilike, value: .string(pattern)))
    }
    /// `column IS NULL` (`nil`), `IS TRUE` or `IS FALSE`.
    ///
    /// - Parameters:
    ///   - column: The column to test.
    ///   - value: `nil` for `IS NULL`, `true` for `IS TRUE`, `false` for `IS FALSE`.
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func `is`(_ column: String, value: Bool?) -> FilterBuilder {
        adding(.condition(column: column, operator: .is, value: value.map(QueryValue.bool) ?? .null))
    }
    /// `column = ANY(values)`; an empty list matches no row.
    ///
    /// - Parameters:
    ///   - column: The column to compare.
    ///   - values: The values it may equal, each cast to the column's type.
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func `in`(_ column: String, values: [some FilterValue]) -> FilterBuilder {
        adding(.condition(column: column, operator: .in, value: .list(values.map(\.queryValue))))
    }
    /// `column LIKE ALL(patterns)`: every pattern matches (PostgREST's `like(all)`); `*` means `%`.
    ///
    /// - Parameters:
    ///   - column: The text column to match.
    ///   - patterns: The patterns, all of which must match; case counts. An empty list matches every non-NULL value.
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func likeAllOf(_ column: String, patterns: [String]) -> FilterBuilder {
        adding(.condition(column: column, operator: .likeAll, value: patterns.queryValue))
    }
    /// `column LIKE ANY(patterns)`: at least one pattern matches (PostgREST's `like(any)`); `*` means `%`.
    ///
    /// - Parameters:
    ///   - column: The text column to match.
    ///   - patterns: The patterns, one of which must match; case counts. An empty list matches no row.
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func likeAnyOf(_ column: String, patterns: [String]) -> FilterBuilder {
        adding(.condition(column: column, operator: .likeAny, value: patterns.queryValue))
    }
    /// `column ILIKE ALL(patterns)`: like ``likeAllOf(_:patterns:)``, ignoring case.
    ///
    /// - Parameters:
    ///   - column: The text column to match.
    ///   - patterns: The patterns, all of which must match, ignoring case.
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func iLikeAllOf(_ column: String, patterns: [String]) -> FilterBuilder {
        adding(.condition(column: column, operator: .ilikeAll, value: patterns.queryValue))
    }
    /// `column ILIKE ANY(patterns)`: like ``likeAnyOf(_:patterns:)``, ignoring case.
    ///
    /// - Parameters:
    ///   - column: The text column to match.
    ///   - patterns: The patterns, one of which must match, ignoring case.
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func iLikeAnyOf(_ column: String, patterns: [String]) -> FilterBuilder {
        adding(.condition(column: column, operator: .ilikeAny, value: patterns.queryValue))
    }
    /// `column ~ pattern`: the text matches a POSIX regular expression (PostgREST's `match`), anywhere in the text
    /// unless anchored with `^` / `$`. supabase-swift's spelling; ``match(_:)`` with a dictionary is its equality
    /// shorthand.
    ///
    /// - Parameters:
    ///   - column: The text column to match.
    ///   - pattern: The regular expression; case counts. An invalid one is error `2201B`. The in-memory database
    ///     uses `NSRegularExpression`, which agrees with PostgreSQL on anchors, classes, quantifiers and alternation.
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func match(_ column: String, pattern: String) -> FilterBuilder {
        adding(.condition(column: column, operator: .match, value: .string(pattern)))
    }
    /// `column ~* pattern`: like ``match(_:pattern:)``, ignoring case (PostgREST's `imatch`).
    ///
    /// - Parameters:
    ///   - column: The text column to match.
    ///   - pattern: The regular expression, matched ignoring case.
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func imatch(_ column: String, pattern: String) -> FilterBuilder {
        adding(.condition(column: column, operator: .imatch, value: .string(pattern)))
    }
    /// `column IS DISTINCT FROM value`: `<>` that treats NULL as an ordinary value, so it is never unknown
    /// (PostgREST's `isdistinct`).
    ///
    /// - Parameters:
    ///   - column: The column to compare.
    ///   - value: The operand, cast to the column's type; `nil` keeps every row whose column is not NULL.
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func isDistinct(_ column: String, value: some FilterValue) -> FilterBuilder {
        adding(.condition(column: column, operator: .isdistinct, value: value.queryValue))
    }
    /// `column @> value`: the array column holds every element of `value` (PostgREST's `cs`).
    ///
    /// - Parameters:
    ///   - column: An array column (`text[]`, `integer[]`).
    ///   - value: The elements it must hold, sent as the array literal `{a,b}`; or an array literal's text.
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func contains(_ column: String, value: some FilterValue) -> FilterBuilder {
        adding(.condition(column: column, operator: .cs, value: value.queryValue))
    }
    /// `column @> json`: the jsonb column contains the document, as PostgreSQL defines containment (PostgREST's `cs`).
    ///
    /// - Parameters:
    ///   - column: A jsonb column.
    ///   - json: The document it must contain: every key of an object with a contained value, every element of an
    ///     array within some element, a scalar equal.
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func contains(_ column: String, json: JSONValue) -> FilterBuilder {
        adding(.condition(column: column, operator: .cs, value: .string(Self.jsonText(json))))
    }
    /// `column <@ value`: every element of the array column is in `value` (PostgREST's `cd`).
    ///
    /// - Parameters:
    ///   - column: An array column (`text[]`, `integer[]`).
    ///   - value: The elements it may hold, sent as the array literal `{a,b}`; or an array literal's text.
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func containedBy(_ column: String, value: some FilterValue) -> FilterBuilder {
        adding(.condition(column: column, operator: .cd, value: value.queryValue))
    }
    /// `column <@ json`: the jsonb column is contained in the document (PostgREST's `cd`).
    ///
    /// - Parameters:
    ///   - column: A jsonb column.
    ///   - json: The document that must contain the column's value.
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func containedBy(_ column: String, json: JSONValue) -> FilterBuilder {
        adding(.condition(column: column, operator: .cd, value: .string(Self.jsonText(json))))
    }
    /// `column && value`: the array column shares at least one element with `value` (PostgREST's `ov`).
    ///
    /// - Parameters:
    ///   - column: An array column (`text[]`, `integer[]`).
    ///   - value: The elements to look for, sent as the array literal `{a,b}`; or an array literal's text.
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func overlaps(_ column: String, value: some FilterValue) -> FilterBuilder {
        adding(.condition(column: column, operator: .ov, value: value.queryValue))
    }

    /// `to_tsvector([config,] column) @@ to_tsquery([config,] query)`, or `plainto_tsquery`, `phraseto_tsquery`,
    /// `websearch_to_tsquery` by `type` (supabase-swift's `textSearch`; PostgREST's `fts`, `plfts`, `phfts`, `wfts`).
    ///
    /// - Parameters:
    ///   - column: The text column to search.
    ///   - query: The query, in the syntax `type` names.
    ///   - config: The text search configuration (`simple`, `english`, …: a plain identifier), or `nil` for the
    ///     database's default. The in-memory database reads only `simple`; any other is error `0A000` there.
    ///   - type: How the query is read; `nil` for `to_tsquery` syntax (`&`, `|`, `!`, `<->`, `:*`).
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func textSearch(
        _ column: String, query: some FilterValue, config: String? = nil, type: TextSearchType? = nil
    ) -> FilterBuilder {
        let operand = TextSearchOperand(query: query.queryValue.text, config: config)
        return adding(.condition(column: column, operator: type?.filterOperator ?? .fts, value: operand.queryValue))
    }
    /// `to_tsvector([config,] column) @@ to_tsquery([config,] query)` (PostgREST's `fts`).
    ///
    /// - Parameters:
    ///   - column: The text column to search.
    ///   - query: The query in `to_tsquery` syntax (`&`, `|`, `!`, `<->`, `<N>`, parentheses, `:*`).
    ///   - config: The text search configuration, or `nil` for the database's default.
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func fts(_ column: String, query: some FilterValue, config: String? = nil) -> FilterBuilder {
        textSearch(column, query: query, config: config)
    }
    /// `to_tsvector([config,] column) @@ plainto_tsquery([config,] query)` (PostgREST's `plfts`).
    ///
    /// - Parameters:
    ///   - column: The text column to search.
    ///   - query: Plain text: every word must be in the column.
    ///   - config: The text search configuration, or `nil` for the database's default.
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func plfts(_ column: String, query: some FilterValue, config: String? = nil) -> FilterBuilder {
        textSearch(column, query: query, config: config, type: .plain)
    }
    /// `to_tsvector([config,] column) @@ phraseto_tsquery([config,] query)` (PostgREST's `phfts`).
    ///
    /// - Parameters:
    ///   - column: The text column to search.
    ///   - query: Plain text: its words must be in the column next to each other, in order.
    ///   - config: The text search configuration, or `nil` for the database's default.
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func phfts(_ column: String, query: some FilterValue, config: String? = nil) -> FilterBuilder {
        textSearch(column, query: query, config: config, type: .phrase)
    }
    /// `to_tsvector([config,] column) @@ websearch_to_tsquery([config,] query)` (PostgREST's `wfts`).
    ///
    /// - Parameters:
    ///   - column: The text column to search.
    ///   - query: Search-engine syntax: `"quoted phrases"`, `or` between alternatives, `-word` to exclude.
    ///   - config: The text search configuration, or `nil` for the database's default.
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func wfts(_ column: String, query: some FilterValue, config: String? = nil) -> FilterBuilder {
        textSearch(column, query: query, config: config, type: .websearch)
    }

    private static func jsonText(_ json: JSONValue) -> String { String(decoding: JSONWriter.data(json), as: UTF8.self) }

    /// `NOT (column <operator> value)`, e.g. `.not("status", operator: .eq, value: "cancelled")`.
    ///
    /// - Parameters:
    ///   - column: The column to compare.
    ///   - op: The comparison to negate.
    ///   - value: The operand of the comparison.
    /// - Returns: A copy of this builder with the condition added to its filters (all of which must hold).
    public func not(_ column: String, operator op: FilterOperator, value: some FilterValue) -> FilterBuilder {
        adding(.not(.condition(column: column, operator: op, value: value.queryValue)))
    }
    /// Any of the PostgREST filters in `filters` holds: `"age.lt.18,and(name.ilike.*ann*,active.is.true)"`.
    ///
    /// - Parameter filters: PostgREST's `or` syntax without the surrounding parentheses: `column.operator.value`
    ///   conditions and nested `and(…)` / `or(…)` groups, separated by commas.
    /// - Returns: A copy of this builder with the alternatives added as one filter. When `filters` does not parse, the
    ///   builder keeps the ``DatabaseError`` `PGRST100` and ``execute()`` throws it without sending anything.
    public func or(_ filters: String) -> FilterBuilder {
        or(filters, referencedTable: nil)
    }
    /// Any of the PostgREST filters in `filters` holds, on the rows of an embedded resource (`authors.or=(…)`) or,
    /// with `referencedTable` `nil`, on the rows themselves.
    ///
    /// - Parameters:
    ///   - filters: PostgREST's `or` syntax without the surrounding parentheses, naming the resource's own columns.
    ///   - referencedTable: The embedded resource's path (its alias or table name; `a.b` when nested), or `nil`.
    /// - Returns: A copy of this builder with the alternatives added as one filter. When `filters` does not parse, the
    ///   builder keeps the ``DatabaseError`` `PGRST100` and ``execute()`` throws it without sending anything.
    public func or(_ filters: String, referencedTable: String?) -> FilterBuilder {
        do {
            let tree = Filter.or(try LogicTreeParser.parse(filters))
            guard let referencedTable else { return adding(tree) }
            let nesting = tree.nesting
            guard nesting <= Filter.maximumNesting else {
                return FilterBuilder(
                    client: client, query: query, failure: failure ?? .invalid(Filter.tooDeep(nesting)))
            }
            return with { $0.referencedTables[referencedTable, default: ReferencedTableOptions()].filters.append(tree) }
        } catch {
            return FilterBuilder(client: client, query: query, failure: failure ?? .invalid(error))
        }
    }
    /// `column = value` for every pair (PostgREST's `match`). Pairs are applied in column order.
    ///
    /// - Parameter values: The required value of each column, keyed by column name.
    /// - Returns: A copy of this builder with one equality condition per pair added.
    public func match(_ values: [String: any FilterValue]) -> FilterBuilder {
        with { query in
            for column in values.keys.sorted() {
                query.filters.append(.condition(column: column, operator: .eq, value: values[column]!.queryValue))
            }
        }
    }
    /// Adds a prepared ``Filter`` tree.
    ///
    /// - Parameter filter: The condition tree, as ``DatabaseQuery/filters`` holds it.
    /// - Returns: A copy of this builder with `filter` added to its filters.
    public func filter(_ filter: Filter) -> FilterBuilder { adding(filter) }
    /// A condition in PostgREST's own words, as supabase-swift's `filter(_:operator:value:)` takes it:
    /// `filter("tags", operator: "cs", value: "{yoga}")`, `filter("rank", operator: "not.in", value: "(1,2)")`.
    ///
    /// - Parameters:
    ///   - column: The column the condition is on.
    ///   - operator: PostgREST's operator, optionally negated (`eq`, `not.ilike`, `like(all)`, …).
    ///   - value: The operand as PostgREST reads it (a list as `(a,b)`, an array as `{a,b}`).
    /// - Returns: A copy of this builder with the condition added. When the three do not read as one PostgREST
    ///   condition, the builder keeps the ``DatabaseError`` `PGRST100` and ``execute()`` throws it without sending
    ///   anything.
    public func filter(_ column: String, operator: String, value: String) -> FilterBuilder {
        do throws(DatabaseError) {
            let parsed = try LogicTreeParser.parse("\(column).\(`operator`).\(value)")
            guard parsed.count == 1, case let filter = parsed[0], !filter.isLogicTree else {
                throw DatabaseError(
                    code: "PGRST100", message: "\"failed to parse filter (\(`operator`).\(value))\"",
                    details: "one condition on \(column) was expected")
            }
            return adding(filter)
        } catch {
            return FilterBuilder(client: client, query: query, failure: failure ?? .invalid(error))
        }
    }
    /// `column NOT IN (values)`: no row whose value is NULL matches, and none matches when a listed value is NULL.
    ///
    /// - Parameters:
    ///   - column: The column to compare.
    ///   - values: The values the column must not equal.
    /// - Returns: A copy of this builder with the negated `in` condition added.
    public func notIn(_ column: String, values: [some FilterValue]) -> FilterBuilder {
        adding(.not(.condition(column: column, operator: .in, value: .list(values.map(\.queryValue)))))
    }

    // MARK: Transforms

    /// For a write: return the written rows (`columns` as in `select`). For a read: narrows the columns.
    ///
    /// - Parameter columns: PostgREST's select list, `"id, title"` (whitespace outside double quotes ignored,
    ///   `alias:column` and `column::type` allowed); `"*"` (the default) for every column.
    /// - Returns: A copy of this builder that asks for the rows back (``DatabaseQuery/Returning/representation``) with
    ///   those columns. When `columns` does not parse, the builder keeps the ``DatabaseError`` `PGRST100` and
    ///   ``execute()`` throws it without sending anything.
    public func select(_ columns: String = "*") -> FilterBuilder {
        do throws(DatabaseError) {
            let parsed = try SelectListParser.parse(columns)
            if query.operation != .select, parsed?.contains(where: { $0.embedding != nil }) == true {
                throw DatabaseError.embeddingInWrite(query.target)
            }
            return with { query in
                query.columns = parsed
                query.returning = .representation
            }
        } catch {
            return FilterBuilder(client: client, query: query, failure: failure ?? .invalid(error))
        }
    }
    /// Adds an ORDER BY term. NULLs sort last in both directions unless `nullsFirst` says otherwise, as
    /// supabase-swift sends it (`column.asc.nullslast`, `column.desc.nullslast`).
    ///
    /// - Parameters:
    ///   - column: The column to sort by.
    ///   - ascending: Whether smaller values come first (the default).
    ///   - nullsFirst: Whether NULLs come before the other values; `false` (the default) puts them last.
    /// - Returns: A copy of this builder with the term added after any earlier ones (later terms break ties).
    public func order(_ column: String, ascending: Bool = true, nullsFirst: Bool = false) -> FilterBuilder {
        order(column, ascending: ascending, nullsFirst: nullsFirst, referencedTable: nil)
    }
    /// Adds an ORDER BY term for an embedded resource's rows (`authors.order=name.asc.nullslast`) or, with
    /// `referencedTable` `nil`, for the rows themselves.
    ///
    /// - Parameters:
    ///   - column: The column to sort by.
    ///   - ascending: Whether smaller values come first (the default).
    ///   - nullsFirst: Whether NULLs come before the other values; `false` (the default) puts them last.
    ///   - referencedTable: The embedded resource's path (its alias or table name; `a.b` when nested), or `nil`.
    /// - Returns: A copy of this builder with the term added after any earlier ones for that resource.
    public func order(_ column: String, ascending: Bool = true, nullsFirst: Bool = false, referencedTable: String?)
        -> FilterBuilder
    {
        let term = OrderTerm(column: column, ascending: ascending, nullsFirst: nullsFirst)
        guard let referencedTable else { return with { $0.order.append(term) } }
        return with { $0.referencedTables[referencedTable, default: ReferencedTableOptions()].order.append(term) }
    }
    /// At most `count` rows.
    ///
    /// - Parameter count: The maximum number of rows.
    /// - Returns: A copy of this builder with ``DatabaseQuery/limit`` set, replacing an earlier limit or
    ///   ``range(from:to:)``.
    public func limit(_ count: Int) -> FilterBuilder { with { $0.limit = count } }
    /// At most `count` rows of an embedded resource per row (`authors.limit=2`), or of the rows themselves when
    /// `referencedTable` is `nil`.
    ///
    /// - Parameters:
    ///   - count: The maximum number of rows.
    ///   - referencedTable: The embedded resource's path (its alias or table name; `a.b` when nested), or `nil`.
    /// - Returns: A copy of this builder with that limit set.
    public func limit(_ count: Int, referencedTable: String?) -> FilterBuilder {
        guard let referencedTable else { return limit(count) }
        return with { $0.referencedTables[referencedTable, default: ReferencedTableOptions()].limit = count }
    }
    /// Rows `from` through `to`, both inclusive and zero-based.
    ///
    /// - Parameters:
    ///   - from: The zero-based index of the first row.
    ///   - to: The zero-based index of the last row; a `to` below `from` asks for no rows.
    /// - Returns: A copy of this builder with ``DatabaseQuery/offset`` and ``DatabaseQuery/limit`` set.
    public func range(from: Int, to: Int) -> FilterBuilder {
        with { query in
            query.offset = from
            query.limit = max(0, to - from + 1)
        }
    }
    /// Rows `from` through `to` (inclusive, zero-based) of an embedded resource per row, or of the rows themselves
    /// when `referencedTable` is `nil`.
    ///
    /// - Parameters:
    ///   - from: The zero-based index of the first row.
    ///   - to: The zero-based index of the last row; a `to` below `from` asks for no rows.
    ///   - referencedTable: The embedded resource's path (its alias or table name; `a.b` when nested), or `nil`.
    /// - Returns: A copy of this builder with that offset and limit set.
    public func range(from: Int, to: Int, referencedTable: String?) -> FilterBuilder {
        guard let referencedTable else { return range(from: from, to: to) }
        return with { query in
            query.referencedTables[referencedTable, default: ReferencedTableOptions()].offset = from
            query.referencedTables[referencedTable, default: ReferencedTableOptions()].limit = max(0, to - from + 1)
        }
    }
    /// Expect exactly one row, returned as an object; 0 or more rows is error `PGRST116`.
    ///
    /// - Returns: A copy of this builder with ``DatabaseQuery/Cardinality/single``; decode the result as one value, not
    ///   an array.
    public func single() -> FilterBuilder { with { $0.cardinality = .single } }
    /// Expect at most one row: the object, or `nil` for none; more rows is error `PGRST116`.
    ///
    /// - Returns: A copy of this builder with ``DatabaseQuery/Cardinality/maybeSingle``; decode the result as an
    ///   optional.
    public func maybeSingle() -> FilterBuilder { with { $0.cardinality = .maybeSingle } }
    /// Ask for the rows as CSV (`Accept: text/csv`) instead of JSON: read the body with ``executeRaw()``.
    ///
    /// - Returns: A copy of this builder with ``DatabaseQuery/format`` ``ResponseFormat/csv``.
    public func csv() -> FilterBuilder { with { $0.format = .csv } }
    /// Leave the keys whose value is `null` out of the returned objects (PostgREST's `nulls=stripped`), so optional
    /// properties decode as `nil` from absent keys and bodies get smaller.
    ///
    /// - Returns: A copy of this builder with ``DatabaseQuery/stripsNulls`` set.
    public func stripNulls() -> FilterBuilder { with { $0.stripsNulls = true } }

    // MARK: Execution

    /// Sends the request and returns the raw JSON.
    ///
    /// - Returns: The backend's undecoded answer: the JSON body and, when the query asked for one, the count.
    /// - Throws: Before anything is sent, an `EncodingError` when the body given to `insert`, `update`, `upsert` or
    ///   `rpc` could not be encoded, or the ``DatabaseError`` `PGRST100` when an ``or(_:)`` filter does not parse or a
    ///   filter nests deeper than ``Filter/maximumNesting``; then what the backend's ``DatabaseClient/run(_:)`` throws:
    ///   a ``DatabaseError`` when the database refuses the request (a constraint, row-level security, an unknown table
    ///   or column, `PGRST116` for a ``single()`` or ``maybeSingle()`` that found the wrong number of rows), a
    ///   ``ConnectionError`` when the backend cannot be reached, and `CancellationError` when the task is cancelled.
    public func executeRaw() async throws -> RawResponse {
        switch failure {
        case .encoding(let error)?: throw error
        case .invalid(let error)?: throw error
        case nil:
            return try await client.run(query)
        }
    }

    /// Sends the request, ignoring any body (for writes without `.select()`).
    ///
    /// - Returns: A response whose value is `()`, with the count (when asked for) and the raw body.
    /// - Throws: Before anything is sent, an `EncodingError` when the body given to `insert`, `update`, `upsert` or
    ///   `rpc` could not be encoded, or the ``DatabaseError`` `PGRST100` when an ``or(_:)`` filter does not parse or a
    ///   filter nests deeper than ``Filter/maximumNesting``; then what the backend's ``DatabaseClient/run(_:)`` throws:
    ///   a ``DatabaseError`` when the database refuses the request (a constraint, row-level security, an unknown table
    ///   or column, `PGRST116` for a ``single()`` or ``maybeSingle()`` that found the wrong number of rows), a
    ///   ``ConnectionError`` when the backend cannot be reached, and `CancellationError` when the task is cancelled.
    @discardableResult
    public func execute() async throws -> DatabaseResponse<Void> {
        let raw = try await executeRaw()
        return DatabaseResponse(value: (), raw: raw)
    }

    /// Sends the request and decodes the body: `let rows: [Event] = try await ….execute().value`.
    ///
    /// - Parameter type: The type to decode the body as: an array of rows, one row after ``single()``, an optional
    ///   after ``maybeSingle()``; usually inferred.
    /// - Returns: The decoded value with the count (when asked for) and the raw body.
    /// - Throws: Before anything is sent, an `EncodingError` when the body given to `insert`, `update`, `upsert` or
    ///   `rpc` could not be encoded, or the ``DatabaseError`` `PGRST100` when an ``or(_:)`` filter does not parse or a
    ///   filter nests deeper than ``Filter/maximumNesting``; then what the backend's ``DatabaseClient/run(_:)`` throws:
    ///   a ``DatabaseError`` when the database refuses the request (a constraint, row-level security, an unknown table
    ///   or column, `PGRST116` for a ``single()`` or ``maybeSingle()`` that found the wrong number of rows), a
    ///   ``ConnectionError`` when the backend cannot be reached, and `CancellationError` when the task is cancelled. A
    ///   body that does not decode as `Value` throws a ``ResponseDecodingError`` naming the table and column.
    public func execute<Value: Decodable & Sendable>(as type: Value.Type = Value.self) async throws
        -> DatabaseResponse<Value>
    {
        let raw = try await executeRaw()
        let value = try ResponseDecoder.decode(Value.self, from: raw, source: query.target)
        return DatabaseResponse(value: value, raw: raw)
    }
}
