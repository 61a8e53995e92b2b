import FitCore
import Foundation

/// Reads with embedded resources (`select("*, studio:studios(name)")`), as PostgREST runs them: each related table
/// is read once under the acting role's row-level security, filtered by its own `referencedTable` options, grouped by
/// the join column, and attached to every row — an object (or `null`) for many-to-one, an array for one-to-many;
/// `!inner` leaves out the rows that have no related row.
extension Storage {
    /// Every single-column foreign key of the tables, as relationship resolution reads them.
    var foreignKeyReferences: [ForeignKeyReference] {
        tables.values.flatMap { table in
            table.schema.foreignKeys.map { key in
                ForeignKeyReference(
                    name: key.name(in: table.schema.name), table: table.schema.name, column: key.column,
                    referencedTable: key.referencedTable, referencedColumn: key.referencedColumn)
            }
        }
    }

    /// Whether `query` needs this path: an embedded resource in its select list, or options for one.
    static func embeds(_ query: DatabaseQuery) -> Bool {
        !query.referencedTables.isEmpty || (query.columns?.contains { $0.embedding != nil } ?? false)
    }

    func selectEmbedding(_ query: DatabaseQuery, role: DatabaseRole, now: Date) throws -> RawResponse {
        let (layout, rows) = try source(query.target, role: role, now: now)
        let predicate = try RowPredicate.compile(query.filters, layout: layout)
        let ordering = try RowOrdering(query.order, layout: layout)
        var used = Set<String>()
        let projection = try EmbeddingProjection(
            query.columns, layout: layout, relation: query.target, path: nil, query: query, storage: self, role: role,
            now: now, used: &used)
        if let unknown = query.referencedTables.keys.sorted().first(where: { !used.contains($0) }) {
            throw DatabaseError.notEmbedded(unknown)
        }
        var matching = predicate.map { predicate in rows.filter { predicate.evaluate($0) == true } } ?? rows
        matching = matching.filter(projection.keeps)
        let count = query.count == nil ? nil : matching.count
        let offset = max(0, query.offset ?? 0)
        let ordered = query.order.isEmpty ? matching : ordering.sorted(matching)
        let page = Array(ordered.dropFirst(offset).prefix(query.limit.map { max(0, $0) } ?? Int.max))
        if query.head { return RawResponse(data: Data(), count: count) }
        let checked = try Self.checkCardinality(query.cardinality, page)
        var objects: [JSONValue] = []
        for row in checked { objects.append(try projection.object(for: row)) }
        let body: JSONValue =
            switch query.cardinality {
            case .many: .array(objects)
            case .single, .maybeSingle: objects.first ?? .null
            }
        return RawResponse(data: JSONWriter.data(body), count: count)
    }
}

/// A select list with embedded resources, resolved against the tables: the keys of each row's object and how each
/// value is made.
struct EmbeddingProjection: Sendable {
    private enum Field: Sendable {
        case column(key: String, position: Int, cast: SelectCast?)
        indirect case embedded(key: String, resource: Resource)
    }

    /// One embedded resource: its rows for this request, grouped by the join column.
    private struct Resource: Sendable {
        var parentPosition: Int
        var isToOne: Bool
        var isInner: Bool
        var rowsByKey: [DatabaseValue: [[DatabaseValue]]]
        var ordering: RowOrdering?
        var limit: Int?
        var offset: Int
        var projection: EmbeddingProjection

        /// The related rows of `row`, ordered and paged as asked.
        func rows(for row: [DatabaseValue]) -> [[DatabaseValue]] {
            let key = row[parentPosition]
            guard key != .null, let related = rowsByKey[key] else { return [] }
            let ordered = ordering.map { $0.sorted(related) } ?? related
            return Array(ordered.dropFirst(offset).prefix(limit.map { max(0, $0) } ?? Int.max))
        }
    }

    private let fields: [Field]

    init(
        _ columns: [SelectedColumn]?, layout: ColumnLayout, relation: String, path: String?, query: DatabaseQuery,
        storage: Storage, role: DatabaseRole, now: Date, used: inout Set<String>
    ) throws {
        var fields: [Field] = []
        for item in columns ?? ["*"] {
            if item.isStar {
                fields += layout.columns.enumerated().map {
                    Field.column(key: $0.element.name, position: $0.offset, cast: nil)
                }
                continue
            }
            guard let embedding = item.embedding else {
                let position = try layout.position(of: item.name)
                let cast = try item.cast.map { type throws(DatabaseError) in
                    try SelectCast(type, column: layout.columns[position])
                }
                fields.append(.column(key: item.outputName, position: position, cast: cast))
                continue
            }
            let relationship = try Relationship.resolve(
                parent: relation, embedded: item.name, hint: embedding.hint, foreignKeys: storage.foreignKeyReferences)
            let childPath = path.map { "\($0).\(item.outputName)" } ?? item.outputName
            used.insert(childPath)
            let options = query.referencedTables[childPath] ?? ReferencedTableOptions()
            let (childLayout, childRows) = try storage.source(item.name, role: role, now: now)
            let predicate = try RowPredicate.compile(options.filters, layout: childLayout)
            let joinPosition = try childLayout.position(of: relationship.childColumn)
            var rowsByKey: [DatabaseValue: [[DatabaseValue]]] = [:]
            for row in childRows where row[joinPosition] != .null && (predicate?.evaluate(row) ?? true) == true {
                rowsByKey[row[joinPosition], default: []].append(row)
            }
            let nested = try EmbeddingProjection(
                embedding.columns, layout: childLayout, relation: item.name, path: childPath, query: query,
                storage: storage, role: role, now: now, used: &used)
            // A nested `!inner` leaves out the related rows that lack their own related row.
            for (key, rows) in rowsByKey { rowsByKey[key] = rows.filter(nested.keeps) }
            let resource = Resource(
                parentPosition: try layout.position(of: relationship.parentColumn), isToOne: relationship.isToOne,
                isInner: embedding.isInner, rowsByKey: rowsByKey,
                ordering: options.order.isEmpty ? nil : try RowOrdering(options.order, layout: childLayout),
                limit: options.limit, offset: max(0, options.offset ?? 0), projection: nested)
            fields.append(.embedded(key: item.outputName, resource: resource))
        }
        self.fields = fields
    }

    /// Whether `row` has a related row for every `!inner` embedding.
    func keeps(_ row: [DatabaseValue]) -> Bool {
        for case .embedded(_, let resource) in fields where resource.isInner {
            if resource.rows(for: row).isEmpty { return false }
        }
        return true
    }

    /// The row as PostgREST's JSON object: its columns under their keys, each embedding as an object, `null` or an
    /// array.
    func object(for row: [DatabaseValue]) throws -> JSONValue {
        var object: [String: JSONValue] = [:]
        for field in fields {
            switch field {
            case .column(let key, let position, let cast):
                object[key] = try
                    (cast.map { cast throws(DatabaseError) in try cast.apply(row[position]) } ?? row[position]).json
            case .embedded(let key, let resource):
                let related = resource.rows(for: row)
                if resource.isToOne {
                    object[key] = try related.first.map(resource.projection.object(for:)) ?? .null
                } else {
                    object[key] = .array(try related.map(resource.projection.object(for:)))
                }
            }
        }
        return .object(object)
    }
}
