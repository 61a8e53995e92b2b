import Foundation

/// The first step of a request on a table or view, returned by ``DatabaseClient/from(_:)``.
/// Pick the operation: ``select(_:head:count:)``, ``insert(_:count:)``, ``update(_:count:)``,
/// ``upsert(_:onConflict:ignoreDuplicates:count:)`` or ``delete(count:)``.
public struct TableQueryBuilder: Sendable {
    let client: any DatabaseClient
    let table: String

    /// Reads rows. `columns` is PostgREST's list (`"id, title"`, default `*`); `head` returns only the count.
    ///
    /// - Parameters:
    ///   - columns: PostgREST's column list, `"id, title"`; `"*"` (the default) for every column.
    ///   - head: Whether to return no rows, only the count (PostgREST's `HEAD`).
    ///   - count: How to count the matching rows (``CountOption``), or `nil` (the default) for no count.
    /// - Returns: A ``FilterBuilder`` for a read of the table, to which filters, order and paging are added.
    public func select(_ columns: String = "*", head: Bool = false, count: CountOption? = nil) -> FilterBuilder {
        var query = DatabaseQuery(target: table, operation: .select, columns: Self.parseColumns(columns))
        query.head = head
        query.count = count
        return FilterBuilder(client: client, query: query)
    }

    /// Inserts one value or an array of values (encoded with snake_case keys). Add `.select()` to get the rows back.
    ///
    /// - Parameters:
    ///   - values: One `Encodable` row or an array of them, encoded with ``WireCoding`` (snake_case keys, ISO 8601
    ///     dates).
    ///   - count: How to count the matching rows (``CountOption``), or `nil` (the default) for no count.
    /// - Returns: A ``FilterBuilder`` for the insert. If `values` cannot be encoded, the builder keeps the
    ///   `EncodingError` and ``FilterBuilder/execute()`` throws it without sending anything.
    public func insert(_ values: some Encodable & Sendable, count: CountOption? = nil) -> FilterBuilder {
        write(.insert, values, count: count)
    }

    /// Sets the given columns on every row the filters match. Add filters, or every visible row changes.
    ///
    /// - Parameters:
    ///   - values: An `Encodable` value whose encoded keys are the columns to set.
    ///   - count: How to count the matching rows (``CountOption``), or `nil` (the default) for no count.
    /// - Returns: A ``FilterBuilder`` for the update, to which the filters choosing the rows are added. If `values`
    ///   cannot be encoded, the builder keeps the `EncodingError` and ``FilterBuilder/execute()`` throws it without
    ///   sending anything.
    public func update(_ values: some Encodable & Sendable, count: CountOption? = nil) -> FilterBuilder {
        write(.update, values, count: count)
    }

    /// Inserts, or updates the row that conflicts on `onConflict` (comma-separated columns; default the primary key).
    ///
    /// - Parameters:
    ///   - values: One `Encodable` row or an array of them.
    ///   - onConflict: The comma-separated columns of the unique constraint that decides a conflict; `nil` for the
    ///     primary key.
    ///   - ignoreDuplicates: Whether a conflicting row is left as it is (`ON CONFLICT DO NOTHING`) instead of updated.
    ///   - count: How to count the matching rows (``CountOption``), or `nil` (the default) for no count.
    /// - Returns: A ``FilterBuilder`` for the upsert. If `values` cannot be encoded, the builder keeps the
    ///   `EncodingError` and ``FilterBuilder/execute()`` throws it without sending anything.
    public func upsert(
        _ values: some Encodable & Sendable, onConflict: String? = nil, ignoreDuplicates: Bool = false,
        count: CountOption? = nil
    ) -> FilterBuilder {
        let columns = onConflict.flatMap(Self.parseColumns)
        return write(.upsert(onConflict: columns, ignoreDuplicates: ignoreDuplicates), values, count: count)
    }

    /// Deletes every row the filters match.
    ///
    /// - Parameter count: How to count the deleted rows (``CountOption``), or `nil` for no count.
    /// - Returns: A ``FilterBuilder`` for the delete, to which the filters choosing the rows are added.
    public func delete(count: CountOption? = nil) -> FilterBuilder {
        FilterBuilder(client: client, query: DatabaseQuery(target: table, operation: .delete, count: count))
    }

    private func write(_ operation: DatabaseQuery.Operation, _ values: some Encodable, count: CountOption?)
        -> FilterBuilder
    {
        let query = DatabaseQuery(target: table, operation: operation, count: count)
        do {
            var built = query
            built.body = try WireCoding.jsonValue(of: values)
            return FilterBuilder(client: client, query: built)
        } catch {
            return FilterBuilder(client: client, query: query, failure: .encoding(error))
        }
    }

    /// `"a, b"` → `["a", "b"]`; `"*"` → `nil` (every column). Split on the Unicode scalar `,`, as PostgREST reads
    /// the list, not on `Character`s: a comma followed by a combining mark is one `Character` but still a comma.
    static func parseColumns(_ text: String) -> [String]? {
        let names = text.unicodeScalars.split(separator: ",").map { String(Substring($0)) }
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if names.isEmpty || names == ["*"] { return nil }
        return names
    }
}
