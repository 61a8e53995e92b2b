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
        let (layout, rows) = try source(query.target, role: role, now: now)
        let predicate = try RowPredicate.compile(query.filters, layout: layout)
        let ordering = try RowOrdering(query.order, layout: layout)
        let projection = try Projection(query.columns, layout: layout)

        let matching = predicate.map { predicate in rows.filter { predicate.evaluate($0) == true } } ?? rows
        let offset = max(0, query.offset ?? 0)
        var page: [[DatabaseValue]]
        if query.order.isEmpty {
            page = Array(matching.dropFirst(offset).prefix(query.limit ?? Int.max))
        } else if let limit = query.limit {
            page = Array(ordering.firstRows(matching, count: offset + max(0, limit)).dropFirst(offset))
        } else {
            page = Array(ordering.sorted(matching).dropFirst(offset))
        }
        let count = query.count == nil ? nil : matching.count
        if query.head { return RawResponse(data: Data(), count: count) }
        page = try Self.checkCardinality(query.cardinality, page)
        return RawResponse(data: projection.data(page, cardinality: query.cardinality), count: count)
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
    private let fields: [(name: String, position: Int)]

    init(_ columns: [String]?, layout: ColumnLayout) throws(DatabaseError) {
        guard let columns else {
            fields = layout.columns.enumerated().map { ($0.element.name, $0.offset) }
            return
        }
        var fields: [(String, Int)] = []
        for column in columns { fields.append((column, try layout.position(of: column))) }
        self.fields = fields
    }

    func data(_ rows: [[DatabaseValue]], cardinality: DatabaseQuery.Cardinality) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rows.count * 64 + 2)
        switch cardinality {
        case .many:
            bytes.append(UInt8(ascii: "["))
            for (index, row) in rows.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(row, into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .single, .maybeSingle:
            if let row = rows.first { write(row, into: &bytes) } else { bytes.append(contentsOf: "null".utf8) }
        }
        return Data(bytes)
    }

    private func write(_ row: [DatabaseValue], into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "{"))
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONWriter.writeString(field.name, into: &bytes)
            bytes.append(UInt8(ascii: ":"))
            JSONWriter.write(row[field.position].json, into: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }
}
