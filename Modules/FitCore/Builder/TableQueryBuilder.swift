import Foundation

/// The first step of a request on a table or view, returned by ``DatabaseClient/from(_:)``.
/// Pick the operation: ``select(_:head:count:)``, ``insert(_:count:)``, ``update(_:count:)``,
/// ``upsert(_:onConflict:ignoreDuplicates:count:)`` or ``delete(count:)``.
public struct TableQueryBuilder: Sendable {
    let client: any DatabaseClient
    let table: String

    /// Reads rows. `columns` is PostgREST's list (`"id, title"`, default `*`); `head` returns only the count.
    public func select(_ columns: String = "*", head: Bool = false, count: CountOption? = nil) -> FilterBuilder {
        var query = DatabaseQuery(target: table, operation: .select, columns: Self.parseColumns(columns))
        query.head = head
        query.count = count
        return FilterBuilder(client: client, query: query)
    }

    /// Inserts one value or an array of values (encoded with snake_case keys). Add `.select()` to get the rows back.
    public func insert(_ values: some Encodable & Sendable, count: CountOption? = nil) -> FilterBuilder {
        write(.insert, values, count: count)
    }

    /// Sets the given columns on every row the filters match. Add filters, or every visible row changes.
    public func update(_ values: some Encodable & Sendable, count: CountOption? = nil) -> FilterBuilder {
        write(.update, values, count: count)
    }

    /// Inserts, or updates the row that conflicts on `onConflict` (comma-separated columns; default the primary key).
    public func upsert(
        _ values: some Encodable & Sendable, onConflict: String? = nil, ignoreDuplicates: Bool = false,
        count: CountOption? = nil
    ) -> FilterBuilder {
        let columns = onConflict.flatMap(Self.parseColumns)
        return write(.upsert(onConflict: columns, ignoreDuplicates: ignoreDuplicates), values, count: count)
    }

    /// Deletes every row the filters match.
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

    /// `"a, b"` → `["a", "b"]`; `"*"` → `nil` (every column).
    static func parseColumns(_ text: String) -> [String]? {
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if names.isEmpty || names == ["*"] { return nil }
        return names
    }
}
