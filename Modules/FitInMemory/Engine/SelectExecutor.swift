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
            let context = ViewContext(actingMember: role.memberId, now: now, tables: tables)
            let rows = try view.rows(context).map { values in layout.columns.map { values[$0.name] ?? .null } }
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
        return RawResponse(data: try projection.data(page, cardinality: query.cardinality), count: count)
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

/// The selected columns of each row, written straight to JSON bytes.
struct Projection: Sendable {
    private let fields: [(name: String, position: Int, cast: SelectCast?)]

    /// The fields of `columns` (every column for `nil`; `*` among them expands to every column in place), renamed
    /// and cast as each item asks.
    init(_ columns: [SelectedColumn]?, layout: ColumnLayout) throws(DatabaseError) {
        let everyColumn = layout.columns.enumerated().map { ($0.element.name, $0.offset, SelectCast?.none) }
        guard let columns else {
            fields = everyColumn
            return
        }
        var fields: [(String, Int, SelectCast?)] = []
        for item in columns {
            if item.isStar {
                fields += everyColumn
                continue
            }
            let position = try layout.position(of: item.name)
            let cast = try item.cast.map { type throws(DatabaseError) in
                try SelectCast(type, column: layout.columns[position])
            }
            fields.append((item.outputName, position, cast))
        }
        self.fields = fields
    }

    /// Whether any field is cast (and so ``data(_:cardinality:)`` may throw).
    var casts: Bool { fields.contains { $0.cast != nil } }

    /// The rows as JSON: an array, or one object (`null` for none) for a single row.
    ///
    /// - Throws: A cast's error (`22P02` for text that does not read as the type), before anything is returned.
    func data(_ rows: [[DatabaseValue]], cardinality: DatabaseQuery.Cardinality) throws(DatabaseError) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rows.count * 64 + 2)
        switch cardinality {
        case .many:
            bytes.append(UInt8(ascii: "["))
            for (index, row) in rows.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                try write(row, into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .single, .maybeSingle:
            if let row = rows.first { try write(row, into: &bytes) } else { bytes.append(contentsOf: "null".utf8) }
        }
        return Data(bytes)
    }

    private func write(_ row: [DatabaseValue], into bytes: inout [UInt8]) throws(DatabaseError) {
        bytes.append(UInt8(ascii: "{"))
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONWriter.writeString(field.name, into: &bytes)
            bytes.append(UInt8(ascii: ":"))
            let value = row[field.position]
            Self.write(
                try field.cast.map { cast throws(DatabaseError) in try cast.apply(value) } ?? value, into: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// One value as JSON, as ``DatabaseValue/json`` would write it, without building the intermediate value for
    /// the common column types.
    private static func write(_ value: DatabaseValue, into bytes: inout [UInt8]) {
        switch value {
        case .uuid(let id):
            bytes.append(UInt8(ascii: "\""))
            let hex = Array("0123456789abcdef".utf8)
            withUnsafeBytes(of: id.uuid) { raw in
                for (index, byte) in raw.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 { bytes.append(UInt8(ascii: "-")) }
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 0x0F)])
                }
            }
            bytes.append(UInt8(ascii: "\""))
        case .timestamp(let date):
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: WireDate.string(from: date).utf8)
            bytes.append(UInt8(ascii: "\""))
        case .text(let text):
            JSONWriter.writeString(text, into: &bytes)
        case .integer(let number):
            bytes.append(contentsOf: String(number).utf8)
        case .null:
            bytes.append(contentsOf: "null".utf8)
        default:
            JSONWriter.write(value.json, into: &bytes)
        }
    }
}
