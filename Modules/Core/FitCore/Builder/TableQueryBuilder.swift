import Foundation

/// The first step of a request on a table or view, returned by ``DatabaseClient/from(_:)``.
/// Pick the operation: ``select(_:head:count:)``, ``insert(_:returning:count:defaultToNull:)``,
/// ``update(_:returning:count:)``, ``upsert(_:onConflict:returning:count:ignoreDuplicates:defaultToNull:)`` or
/// ``delete(returning:count:)``.
public struct TableQueryBuilder: Sendable {
    let client: any DatabaseClient
    let table: String

    /// Reads rows. `columns` is PostgREST's select list (`"id, title"`, default `*`): whitespace outside double quotes
    /// is ignored, `alias:column` renames a column and `column::type` casts it, as in supabase-swift.
    ///
    /// - Parameters:
    ///   - columns: PostgREST's select list, `"id, title"`; `"*"` (the default) for every column.
    ///   - head: Whether to return no rows, only the count (PostgREST's `HEAD`).
    ///   - count: How to count the matching rows (``CountOption``), or `nil` (the default) for no count.
    /// - Returns: A ``FilterBuilder`` for a read of the table, to which filters, order and paging are added. When
    ///   `columns` does not parse, the builder keeps the ``DatabaseError`` `PGRST100` and
    ///   ``FilterBuilder/execute()`` throws it without sending anything.
    public func select(_ columns: String = "*", head: Bool = false, count: CountOption? = nil) -> FilterBuilder {
        var query = DatabaseQuery(target: table, operation: .select)
        query.head = head
        query.count = count
        do {
            query.columns = try SelectListParser.parse(columns)
            return FilterBuilder(client: client, query: query)
        } catch {
            return FilterBuilder(client: client, query: query, failure: .invalid(error))
        }
    }

    /// Inserts one value or an array of values (encoded with snake_case keys). Returns nothing unless asked
    /// (`returning: .representation`, or `.select()`), as supabase-swift's `insert` leaves it to the server.
    ///
    /// - Parameters:
    ///   - values: One `Encodable` row or an array of them, encoded as FitKit writes rows (snake_case keys, ISO 8601
    ///     dates).
    ///   - returning: Whether the inserted rows come back; ``DatabaseQuery/Returning/minimal`` (the default) for none.
    ///   - count: How to count the inserted rows (``CountOption``), or `nil` (the default) for no count.
    ///   - defaultToNull: For rows that name different columns: whether a column one row leaves out is NULL in it
    ///     (`true`, the default, PostgREST's `columns=`) or takes the column default (`false`).
    /// - Returns: A ``FilterBuilder`` for the insert. If `values` cannot be encoded, the builder keeps the
    ///   `EncodingError` and ``FilterBuilder/execute()`` throws it without sending anything.
    public func insert(
        _ values: some Encodable & Sendable, returning: DatabaseQuery.Returning = .minimal, count: CountOption? = nil,
        defaultToNull: Bool = true
    ) -> FilterBuilder {
        write(.insert, values, returning: returning, count: count, defaultToNull: defaultToNull)
    }

    /// Sets the given columns on every row the filters match, and returns the updated rows (as supabase-swift's
    /// `update` does) unless `returning` is ``DatabaseQuery/Returning/minimal``. Add filters, or every visible row
    /// changes.
    ///
    /// - Parameters:
    ///   - values: An `Encodable` value whose encoded keys are the columns to set.
    ///   - returning: Whether the updated rows come back; ``DatabaseQuery/Returning/representation`` by default.
    ///   - count: How to count the updated rows (``CountOption``), or `nil` (the default) for no count.
    /// - Returns: A ``FilterBuilder`` for the update, to which the filters choosing the rows are added. If `values`
    ///   cannot be encoded, the builder keeps the `EncodingError` and ``FilterBuilder/execute()`` throws it without
    ///   sending anything.
    public func update(
        _ values: some Encodable & Sendable, returning: DatabaseQuery.Returning = .representation,
        count: CountOption? = nil
    ) -> FilterBuilder {
        write(.update, values, returning: returning, count: count, defaultToNull: true)
    }

    /// Inserts, or updates the row that conflicts on `onConflict` (comma-separated columns; default the primary key),
    /// and returns the written rows (as supabase-swift's `upsert` does) unless `returning` is
    /// ``DatabaseQuery/Returning/minimal``.
    ///
    /// - Parameters:
    ///   - values: One `Encodable` row or an array of them.
    ///   - onConflict: The comma-separated columns of the unique constraint that decides a conflict; `nil` for the
    ///     primary key.
    ///   - returning: Whether the written rows come back; ``DatabaseQuery/Returning/representation`` by default.
    ///   - count: How to count the written rows (``CountOption``), or `nil` (the default) for no count.
    ///   - ignoreDuplicates: Whether a conflicting row is left as it is (`ON CONFLICT DO NOTHING`) instead of updated.
    ///   - defaultToNull: For rows that name different columns: whether a column one row leaves out is NULL in it
    ///     (`true`, the default) or takes the column default (`false`).
    /// - Returns: A ``FilterBuilder`` for the upsert. If `values` cannot be encoded, the builder keeps the
    ///   `EncodingError` and ``FilterBuilder/execute()`` throws it without sending anything.
    public func upsert(
        _ values: some Encodable & Sendable, onConflict: String? = nil,
        returning: DatabaseQuery.Returning = .representation, count: CountOption? = nil, ignoreDuplicates: Bool = false,
        defaultToNull: Bool = true
    ) -> FilterBuilder {
        let columns = onConflict.flatMap(SelectListParser.names)
        return write(
            .upsert(onConflict: columns, ignoreDuplicates: ignoreDuplicates), values, returning: returning,
            count: count,
            defaultToNull: defaultToNull)
    }

    /// Deletes every row the filters match, and returns the deleted rows (as supabase-swift's `delete` does) unless
    /// `returning` is ``DatabaseQuery/Returning/minimal``.
    ///
    /// - Parameters:
    ///   - returning: Whether the deleted rows come back; ``DatabaseQuery/Returning/representation`` by default.
    ///   - count: How to count the deleted rows (``CountOption``), or `nil` for no count.
    /// - Returns: A ``FilterBuilder`` for the delete, to which the filters choosing the rows are added.
    public func delete(returning: DatabaseQuery.Returning = .representation, count: CountOption? = nil)
        -> FilterBuilder
    {
        FilterBuilder(
            client: client,
            query: DatabaseQuery(target: table, operation: .delete, count: count, returning: returning))
    }

    private func write(
        _ operation: DatabaseQuery.Operation, _ values: some Encodable, returning: DatabaseQuery.Returning,
        count: CountOption?, defaultToNull: Bool
    ) -> FilterBuilder {
        let query = DatabaseQuery(
            target: table, operation: operation, count: count, returning: returning, defaultToNull: defaultToNull)
        do {
            var built = query
            built.body = try WireCoding.jsonValue(of: values)
            return FilterBuilder(client: client, query: built)
        } catch {
            return FilterBuilder(client: client, query: query, failure: .encoding(error))
        }
    }
}
