import FitCore
import FitInMemory
import Foundation

/// The local replica: an in-memory database persisted to one file, holding a cached copy of each relation the
/// policy keeps, the outbox of offline changes, when each relation last synced and the last answers of cached
/// functions. Every change to it (a cached answer, an offline write with its outbox entry, a replayed change
/// leaving the outbox) is one transaction saved in one atomic write of the file.
///
/// Cached tables have the contract's columns and row-level security, but no NOT NULL, CHECK, unique or foreign-key
/// constraints: they hold what the server said (which may be a subset of the columns), and the server decides
/// what a write may do when it is replayed.
struct ReplicaStore: Sendable {
    let database: InMemoryDatabase
    let policy: ReplicaPolicy
    let now: @Sendable () -> Date
    private let schemas: [String: TableSchema]
    /// The outbox as the file holds it, decoded once when the replica opens and kept in step with every
    /// transaction that changes it (updated only after the transaction committed): replays and counts read it
    /// without decoding the table again.
    private let queued = LockedState<[OutboxEntry]>([])
    /// The highest sequence given out since the replica opened: numbers keep growing while the process runs, even
    /// after the outbox emptied, so a ``/FitCore/RejectedChange``'s id is not reused.
    private let lastSequence = LockedState(0)

    static let syncedTable = "fitkit_synced"
    static let answersTable = "fitkit_answers"

    init(fileURL: URL, policy: ReplicaPolicy, now: @escaping @Sendable () -> Date) throws {
        database = try InMemoryDatabase(now: now, persistingTo: fileURL)
        self.policy = policy
        self.now = now
        var schemas: [String: TableSchema] = [:]
        for rule in policy.rules { schemas[rule.relation] = try Self.cacheSchema(for: rule, in: policy.schema) }
        self.schemas = schemas
        try database.createTable(OutboxEntry.schema)
        try database.createTable(
            TableSchema(
                name: Self.syncedTable,
                columns: [Column("relation", .text), Column("synced_at", .timestamp)],
                primaryKey: ["relation"], access: .publicRead))
        try database.createTable(
            TableSchema(
                name: Self.answersTable,
                columns: [Column("key", .text), Column("answer", .text), Column("synced_at", .timestamp)],
                primaryKey: ["key"], access: .publicRead))
        for rule in policy.rules where !rule.isPerMember {
            if let schema = schemas[rule.relation] { try database.createTable(schema) }
        }
        let stored = try database.transaction([
            (
                DatabaseQuery(target: OutboxEntry.table, operation: .select, order: [OrderTerm(column: "sequence")]),
                .service
            )
        ])[0]
        let entries = Self.objects(in: stored.data).compactMap { OutboxEntry(row: .object($0)) }
        queued.withLock { $0 = entries }
        lastSequence.withLock { $0 = entries.last?.sequence ?? 0 }
    }

    /// The schema's columns for `rule`'s relation, relaxed as the type's documentation says.
    private static func cacheSchema(for rule: ReplicaRule, in schema: InMemorySchema) throws -> TableSchema {
        var columns: [Column]
        var access = TableSchema.Access.publicRead
        if let table = schema.tables.first(where: { $0.name == rule.relation }) {
            columns = table.columns
            if case .ownedBy(let column, _) = table.access, !rule.isPerMember {
                access = .ownedBy(column: column, memberWritable: true)
            }
        } else if let view = schema.views.first(where: { $0.name == rule.relation }) {
            columns = view.columns
        } else {
            throw DatabaseError.unknownTable(rule.relation)
        }
        for index in columns.indices { columns[index].isNullable = !rule.key.contains(columns[index].name) }
        return TableSchema(name: rule.relation, columns: columns, primaryKey: rule.key, access: access)
    }

    // MARK: Names

    /// The replica table holding `rule`'s rows for `role`: the relation's name, or for a per-member relation the
    /// name with the role appended (created on first use).
    func cacheTable(for rule: ReplicaRule, role: DatabaseRole) throws -> String {
        guard rule.isPerMember else { return rule.relation }
        let name = rule.relation + "@" + OutboxEntry.encode(role)
        if !database.hasRelation(named: name), var schema = schemas[rule.relation] {
            schema.name = name
            try database.createTable(schema)
        }
        return name
    }

    private func columns(of rule: ReplicaRule) -> Set<String> {
        Set(schemas[rule.relation]?.columns.map(\.name) ?? [])
    }

    /// The key columns of `rule`'s relation that the database would generate (`uuid` with a generated default): the
    /// client fills them in for new rows.
    func generatedKeys(of rule: ReplicaRule) -> [String] {
        (schemas[rule.relation]?.columns ?? []).filter { column in
            guard rule.key.contains(column.name), case .generatedUUID? = column.defaultValue else { return false }
            return true
        }.map(\.name)
    }

    private func owner(of rule: ReplicaRule) -> String? {
        if case .ownedBy(let column, _)? = schemas[rule.relation]?.access { return column }
        return nil
    }

    // MARK: Reads

    /// Runs `query` on the replica's copy, as `role`.
    func read(_ query: DatabaseQuery, rule: ReplicaRule, role: DatabaseRole) throws -> RawResponse {
        var local = query
        local.target = try cacheTable(for: rule, role: role)
        let response = try database.transaction([(local, role)])[0]
        ResponseRecorder.current?.record(ResponseOrigin(source: .replica, asOf: try syncedAt(local.target)))
        return response
    }

    /// When the replica table `name` last took rows from the server.
    func syncedAt(_ name: String) throws -> Date? {
        let rows = try rows(
            of: DatabaseQuery(
                target: Self.syncedTable, operation: .select,
                filters: [.condition(column: "relation", operator: .eq, value: .string(name))]))
        return rows.first?["synced_at"]?.stringValue.flatMap(WireDate.date(from:))
    }

    private func rows(of query: DatabaseQuery, as role: DatabaseRole = .service) throws -> [[String: JSONValue]] {
        let response = try database.transaction([(query, role)])[0]
        return Self.objects(in: response.data)
    }

    static func objects(in data: Data) -> [[String: JSONValue]] {
        switch try? JSONValue(json: data) {
        case .array(let rows)?: rows.compactMap(\.objectValue)
        case .object(let row)?: [row]
        default: []
        }
    }

    // MARK: Taking the server's rows

    /// Brings the replica up to date from the server's answer to `query`: the rows are stored (merged into what
    /// the replica had), and when the query was not limited, the rows it would have returned that the server no
    /// longer has are removed, except those with changes still in the outbox. Then retention prunes old rows, and the
    /// relation is marked synced at `answeredAt`, when the server answered. The save does not wait for the disk: a
    /// power loss may undo it, and the next read brings the rows again.
    func absorb(
        _ query: DatabaseQuery, answer: RawResponse, rule: ReplicaRule, role: DatabaseRole, answeredAt: Date
    ) throws {
        guard !query.head else { return }
        let name = try cacheTable(for: rule, role: role)
        let rows = Self.objects(in: answer.data).map { storable($0, rule: rule, role: role) }
        let keys = rows.compactMap { KeyFilter.key(of: $0, on: rule.key) }
        guard keys.count == rows.count else { return }
        var steps = upsertSteps(rows, into: name, rule: rule)
        // Without a limit or offset the answer is every row the query matches that the role may see, so those rows
        // the replica has and the answer lacks are gone: for a member, among the member's own rows; for the service
        // role, among all; anonymous requests see no owned rows, so they remove nothing.
        let seesEveryMatch = owner(of: rule) == nil || role != .anonymous
        if query.limit == nil, query.offset == nil, seesEveryMatch {
            var filters = query.filters
            if let owner = owner(of: rule), let member = role.memberId {
                filters.append(.condition(column: owner, operator: .eq, value: .uuid(member)))
            }
            let keep = keys + pendingKeys(in: rule.relation)
            if !keep.isEmpty { filters.append(.not(KeyFilter.matching(keep, on: rule.key))) }
            steps.append((DatabaseQuery(target: name, operation: .delete, filters: filters), .service))
        }
        steps += maintenanceSteps(for: name, rule: rule, at: answeredAt)
        _ = try database.transaction(steps, mayBeLostOnPowerLoss: true)
    }

    /// Takes the server's rows for a replayed (or refused) change: stores `serverRows`, removes the rows with
    /// `goneKeys`, and removes the outbox entries `sequences`, in one transaction. The save does not wait for the
    /// disk: a power loss may undo it, and the changes are then replayed again, which the server ignores.
    func settle(
        sequences: [Int], serverRows: [[String: JSONValue]], goneKeys: [[String: JSONValue]], rule: ReplicaRule?,
        role: DatabaseRole
    ) throws {
        var steps: [(query: DatabaseQuery, role: DatabaseRole)] = []
        if let rule {
            let name = try cacheTable(for: rule, role: role)
            steps += upsertSteps(serverRows.map { storable($0, rule: rule, role: role) }, into: name, rule: rule)
            if !goneKeys.isEmpty {
                steps.append(
                    (
                        DatabaseQuery(
                            target: name, operation: .delete, filters: [KeyFilter.matching(goneKeys, on: rule.key)]),
                        .service
                    ))
            }
        }
        if !sequences.isEmpty {
            steps.append(
                (
                    DatabaseQuery(
                        target: OutboxEntry.table, operation: .delete,
                        filters: [
                            .condition(
                                column: "sequence", operator: .in,
                                value: .list(sequences.map { .integer(Int64($0)) }))
                        ]), .service
                ))
        }
        _ = try database.transaction(steps, mayBeLostOnPowerLoss: true)
        let removed = Set(sequences)
        if !removed.isEmpty { queued.withLock { $0.removeAll { removed.contains($0.sequence) } } }
    }

    /// Takes changes the server accepted out of the outbox that replays and counts read, at once; their removal from
    /// the file is ``saveOutboxRemoval(_:)``, which may come later.
    func forgetAccepted(_ sequences: [Int]) {
        let removed = Set(sequences)
        queued.withLock { $0.removeAll { removed.contains($0.sequence) } }
    }

    /// Removes the outbox entries `sequences` from the file. The save does not wait for the disk: a power loss may
    /// undo it, and the changes are then replayed again, which the server ignores.
    func saveOutboxRemoval(_ sequences: [Int]) throws {
        try settle(sequences: sequences, serverRows: [], goneKeys: [], rule: nil, role: .service)
    }

    /// Applies a write the server accepted to the replica too (best effort: the next read reconciles anyway).
    func mirror(_ query: DatabaseQuery, rule: ReplicaRule, role: DatabaseRole) {
        guard var local = try? localWrite(query, rule: rule, role: role) else { return }
        local.returning = .minimal
        local.cardinality = .many
        local.count = nil
        if local.operation == .insert { local.operation = .upsert(onConflict: rule.key, ignoreDuplicates: false) }
        _ = try? database.transaction([(local, role)])
    }

    private func localWrite(_ query: DatabaseQuery, rule: ReplicaRule, role: DatabaseRole) throws -> DatabaseQuery {
        var local = query
        local.target = try cacheTable(for: rule, role: role)
        return local
    }

    /// A row as the replica stores it: only the relation's columns, the owner filled in for the member's own rows.
    private func storable(_ row: [String: JSONValue], rule: ReplicaRule, role: DatabaseRole) -> [String: JSONValue] {
        let known = columns(of: rule)
        var row = row.filter { known.contains($0.key) }
        if let owner = owner(of: rule), row[owner] == nil, let member = role.memberId {
            row[owner] = .string(member.uuidString.lowercased())
        }
        return row
    }

    private func upsertSteps(_ rows: [[String: JSONValue]], into name: String, rule: ReplicaRule) -> [(
        query: DatabaseQuery, role: DatabaseRole
    )] {
        // Rows with the same columns go together: a bulk upsert fills a column one row lacks with its default.
        var groups: [[String]: [JSONValue]] = [:]
        for row in rows { groups[row.keys.sorted(), default: []].append(.object(row)) }
        return groups.values.map { group in
            (
                DatabaseQuery(
                    target: name, operation: .upsert(onConflict: rule.key, ignoreDuplicates: false),
                    body: .array(group)),
                .service
            )
        }
    }

    private func maintenanceSteps(for name: String, rule: ReplicaRule, at now: Date) -> [(
        query: DatabaseQuery, role: DatabaseRole
    )] {
        var steps: [(query: DatabaseQuery, role: DatabaseRole)] = []
        if case .untilPast(let column, let age) = rule.retention {
            let seconds = Double(age.components.seconds) + Double(age.components.attoseconds) / 1e18
            steps.append(
                (
                    DatabaseQuery(
                        target: name, operation: .delete,
                        filters: [
                            .condition(column: column, operator: .lt, value: .date(now.addingTimeInterval(-seconds)))
                        ]), .service
                ))
        }
        steps.append(
            (
                DatabaseQuery(
                    target: Self.syncedTable, operation: .upsert(onConflict: ["relation"], ignoreDuplicates: false),
                    body: .object(["relation": .string(name), "synced_at": .string(WireDate.string(from: now))])),
                .service
            ))
        return steps
    }

    // MARK: Cached function answers

    /// Keeps the last answer of a cached function call.
    func storeAnswer(_ data: Data, key: String) throws {
        let text = String(decoding: data, as: UTF8.self)
        _ = try database.transaction([
            (
                DatabaseQuery(
                    target: Self.answersTable, operation: .upsert(onConflict: ["key"], ignoreDuplicates: false),
                    body: .object([
                        "key": .string(key), "answer": .string(text),
                        "synced_at": .string(WireDate.string(from: now())),
                    ])),
                .service
            )
        ])
    }

    /// The last answer of a cached function call and when it came, if there is one.
    func answer(key: String) throws -> (data: Data, syncedAt: Date?)? {
        let rows = try rows(
            of: DatabaseQuery(
                target: Self.answersTable, operation: .select,
                filters: [.condition(column: "key", operator: .eq, value: .string(key))]))
        guard let row = rows.first, let text = row["answer"]?.stringValue else { return nil }
        return (Data(text.utf8), row["synced_at"]?.stringValue.flatMap(WireDate.date(from:)))
    }

    // MARK: The outbox

    /// The queued changes after `sequence`, oldest first, at most `limit` of them.
    func outbox(after sequence: Int = 0, limit: Int? = nil) -> [OutboxEntry] {
        queued.withLock { entries in
            let start = entries.firstIndex { $0.sequence > sequence } ?? entries.endIndex
            return Array(entries[start...].prefix(limit ?? Int.max))
        }
    }

    /// How many changes are queued.
    func pendingCount() -> Int { queued.withLock { $0.count } }

    /// The keys of queued changes to `table`.
    func pendingKeys(in table: String) -> [[String: JSONValue]] {
        queued.withLock { $0.filter { $0.table == table }.flatMap(\.keys) }
    }

    /// Applies an offline change to the replica and queues it in the outbox, in one transaction; returns the
    /// replica's answer to the query as the caller asked it.
    func applyOffline(_ query: DatabaseQuery, rule: ReplicaRule, role: DatabaseRole) throws -> RawResponse {
        let local = try localWrite(query, rule: rule, role: role)
        let kind: OutboxEntry.Kind
        var keys: [[String: JSONValue]]
        var conflict: [String]?
        switch query.operation {
        case .insert, .upsert:
            kind = query.operation == .insert ? .insert : .upsert
            if case .upsert(let columns, _) = query.operation { conflict = columns }
            keys = []
            for row in Self.bodyRows(query.body) {
                var row = row
                if let owner = owner(of: rule), row[owner] == nil, let member = role.memberId {
                    row[owner] = .string(member.uuidString.lowercased())
                }
                guard let key = KeyFilter.key(of: row, on: rule.key) else {
                    throw OfflineError.missingKey(
                        table: rule.relation, column: rule.key.first { row[$0] == nil } ?? rule.key[0])
                }
                keys.append(key)
            }
        case .update, .delete:
            kind = query.operation == .update ? .update : .delete
            let touched = try rows(
                of: DatabaseQuery(
                    target: local.target, operation: .select, columns: rule.key.map { SelectedColumn($0) },
                    filters: query.filters),
                as: role)
            keys = touched.compactMap { KeyFilter.key(of: $0, on: rule.key) }
        case .select, .rpc:
            throw OfflineError.requiresServer(query.target, reason: "not a write")
        }
        var steps: [(query: DatabaseQuery, role: DatabaseRole)] = [(local, role)]
        var entry: OutboxEntry?
        if !keys.isEmpty {
            let sequence = lastSequence.value + 1
            let queuedEntry = OutboxEntry(
                sequence: sequence, role: role, table: rule.relation, kind: kind,
                body: kind == .delete ? nil : query.body, keys: keys, conflict: conflict,
                stamp: rule.versionColumn.flatMap { Self.stamp(in: query.body, column: $0) })
            steps.append(
                (DatabaseQuery(target: OutboxEntry.table, operation: .insert, body: queuedEntry.row), .service))
            entry = queuedEntry
        }
        let response = try database.transaction(steps)[0]
        if let entry {
            queued.withLock { $0.append(entry) }
            lastSequence.withLock { $0 = entry.sequence }
        }
        ResponseRecorder.current?.record(ResponseOrigin(source: .replica, asOf: try syncedAt(local.target)))
        return response
    }

    static func bodyRows(_ body: JSONValue?) -> [[String: JSONValue]] {
        switch body {
        case .object(let row)?: [row]
        case .array(let rows)?: rows.compactMap(\.objectValue)
        default: []
        }
    }

    private static func stamp(in body: JSONValue?, column: String) -> String? {
        bodyRows(body).compactMap { $0[column]?.stringValue }.max()
    }
}
