import FitCore
import Foundation

/// Runs `select` queries: source rows (table under row-level security, or a computed view), filter, count,
/// order, page, cardinality, projection.
extension Storage {
    /// The layout and visible rows of a table or view for `role`.
    func source(_ name: String, role: DatabaseRole, now: Date) throws -> (ColumnLayout, [[DatabaseValue]]) {
        if let table = tables[name] {
            return (table.layout, RowSecurity.visibleRows(of: table, to: role))
        }
        if let view = views[name] {
            let layout = ColumnLayout(source: name, columns: view.columns)
            let context = ViewContext(role: role, now: now, tables: tables)
            let rows = try view.values(context)
            return (layout, rows)
        }
        throw DatabaseError.unknownTable(name)
    }

    func select(_ query: DatabaseQuery, role: DatabaseRole, now: Date) throws -> RawResponse {
        if Self.embeds(query) { return try selectEmbedding(query, role: role, now: now) }
        guard let table = tables[query.target] else {
            let (layout, rows) = try source(query.target, role: role, now: now)
            return try select(query, rows: rows, layout: layout)
        }
        let predicate = try RowPredicate.compile(query.filters, layout: table.layout)
        let ordering = try RowOrdering(query.order, layout: table.layout)
        let projection = try Projection(query.columns, layout: table.layout)
        let offset = max(0, query.offset ?? 0)
        let rows: [[DatabaseValue]]
        switch table.plan(forSelect: query, role: role) {
        case .walk(let walk):
            // Already in order and at most offset + limit long; the walk is not chosen when counting.
            let needed = offset + max(0, query.limit ?? 0)
            let page = Array(table.walk(walk, role: role, predicate: predicate, count: needed).dropFirst(offset))
            return try respond(query, page: page, count: nil, projection: projection)
        case .candidates(let positions, _):
            rows = positions.map { table.rows[$0] }.filter { RowSecurity.canSee($0, in: table, role: role) }
        case .scan:
            rows = RowSecurity.visibleRows(of: table, to: role)
        }
        return try select(query, rows: rows, predicate: predicate, ordering: ordering, projection: projection)
    }

    /// What an index plan would read for `query`: see ``InMemoryDatabase/explain(_:as:)``.
    func accessPath(for query: DatabaseQuery, role: DatabaseRole) throws -> InMemoryAccessPath {
        guard let table = tables[query.target] else {
            if views[query.target] != nil { return .view }
            throw DatabaseError.unknownTable(query.target)
        }
        _ = try RowPredicate.compile(query.filters, layout: table.layout)
        if query.operation != .select {
            return table.plan(filters: query.filters, role: role).accessPath
        }
        return table.plan(forSelect: query, role: role).accessPath
    }

    private func select(_ query: DatabaseQuery, rows: [[DatabaseValue]], layout: ColumnLayout) throws -> RawResponse {
        try select(
            query, rows: rows, predicate: RowPredicate.compile(query.filters, layout: layout),
            ordering: RowOrdering(query.order, layout: layout), projection: Projection(query.columns, layout: layout))
    }

    private func select(
        _ query: DatabaseQuery, rows: [[DatabaseValue]], predicate: RowPredicate?, ordering: RowOrdering,
        projection: Projection
    ) throws -> RawResponse {
        let matching = predicate.map { predicate in rows.filter { predicate.evaluate($0) == true } } ?? rows
        let offset = max(0, query.offset ?? 0)
        let page: [[DatabaseValue]]
        if query.order.isEmpty {
            page = Array(matching.dropFirst(offset).prefix(query.limit ?? Int.max))
        } else if let limit = query.limit {
            page = Array(ordering.firstRows(matching, count: offset + max(0, limit)).dropFirst(offset))
        } else {
            page = Array(ordering.sorted(matching).dropFirst(offset))
        }
        return try respond(query, page: page, count: query.count == nil ? nil : matching.count, projection: projection)
    }

    private func respond(_ query: DatabaseQuery, page: [[DatabaseValue]], count: Int?, projection: Projection) throws
        -> RawResponse
    {
        if query.head { return RawResponse(data: Data(), count: count) }
        let page = try Self.checkCardinality(query.cardinality, page)
        return RawResponse(values: try projection.values(page, cardinality: query.cardinality), count: count)
    }

    static func checkCardinality(_ cardinality: DatabaseQuery.Cardinality, _ rows: [[DatabaseValue]]) throws
        -> [[DatabaseValue]]
    {
        switch cardinality {
        case .many: return rows
        case .single: guard rows.count == 1 else { throw DatabaseError.singleRow(found: rows.count) }
        case .maybeSingle: guard rows.count <= 1 else { throw DatabaseError.singleRow(found: rows.count) }
        }
        return rows
    }
}
