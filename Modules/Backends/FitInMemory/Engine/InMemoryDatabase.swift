import FitCore
import Foundation

/// An in-process database with PostgreSQL and PostgREST semantics: FitKit's embedded default and the fake
/// that tests drive.
///
/// Tables, views and functions are registered in Swift (each feature module installs its own, mirroring
/// `Backend/migrations`). Then ``client(as:)`` gives a `DatabaseClient` acting as a role. It optionally persists to a
/// SQLite file, writing each commit's rows. It keeps no request log and injects nothing: tests wrap its clients in FitTesting's `RequestRig`.
///
/// Every query runs atomically under one lock.
public final class InMemoryDatabase: Sendable {
    private let storage: LockedState<Storage>
    /// Followers whose stream ended, until the next commit or count drops them from ``storage``. A stream ends while
    /// its task's cancellation holds that task's status lock, and a commit yields to followers' tasks while it holds
    /// ``storage``'s lock: taking ``storage``'s lock from the ending stream could deadlock the two, so it takes only
    /// this one, which nothing holds while yielding.
    private let leftFollowers = LockedState<Set<Int>>([])
    private let now: @Sendable () -> Date
    private let file: PersistenceFile?

    /// Creates an empty database.
    /// - Parameters:
    ///   - now: the source of `now()` for defaults and functions; pin it in tests.
    ///   - fileURL: when given, the database lives in this SQLite file: every row is read at open, each table's
    ///     rows join it as the table is created, and every commit writes the rows it changed in one durable SQLite
    ///     transaction before it becomes visible. A JSON file from an earlier FitKit is converted on first open (and
    ///     replaced only once the conversion is complete; its bytes stay beside it as `NAME.v1-backup`); a corrupt
    ///     file throws
    ///     ``PersistenceError/corrupt(_:reason:)`` and is kept as it is.
    /// - Throws: ``PersistenceError/corrupt(_:reason:)`` when the file is not a FitKit database or is damaged,
    ///   ``PersistenceError/unreadable(_:reason:)`` when it cannot be read or made; a missing file is not an error
    ///   (it is created, in a folder that must exist).
    public convenience init(
        now: @escaping @Sendable () -> Date = { Date() },
        persistingTo fileURL: URL? = nil
    ) throws(PersistenceError) {
        try self.init(now: now, file: fileURL.map { url throws(PersistenceError) in try PersistenceFile(url: url) })
    }

    init(now: @escaping @Sendable () -> Date, file: PersistenceFile?) throws(PersistenceError) {
        self.now = now
        self.file = file
        var initial = Storage()
        initial.unclaimedFileTables = file?.storedRows ?? [:]
        self.storage = LockedState(initial)
    }

    /// A client acting as `role`.
    ///
    /// - Parameter role: The role the client's requests run as; anonymous by default.
    /// - Returns: An ``InMemoryClient`` over this database.
    public func client(as role: DatabaseRole = .anonymous) -> InMemoryClient {
        InMemoryClient(database: self, role: role)
    }

    // MARK: Schema

    /// Creates a table, loading its rows from the file when one is attached.
    /// Throws when the name is taken or the file's rows do not fit the schema (the file is left as it is).
    ///
    /// - Parameter schema: The table's columns, keys, constraints, indexes and row-level security.
    /// - Throws: A ``/FitCore/DatabaseError`` `42P07` when a table or view of that name exists, `42703` when a key or
    ///   index names a missing column, `0A000` for a hash index on a column type it cannot hash;
    ///   ``PersistenceError/corrupt(_:reason:)`` when the attached file's rows for this table do not fit the schema.
    public func createTable(_ schema: TableSchema) throws {
        try storage.withLock { storage throws in
            guard storage.tables[schema.name] == nil, storage.views[schema.name] == nil else {
                throw DatabaseError(code: "42P07", message: "relation \"\(schema.name)\" already exists")
            }
            var table = try TableStore(schema: schema)
            if let saved = storage.unclaimedFileTables[schema.name], let file {
                var rows: [[DatabaseValue]] = []
                do {
                    var objects: [JSONValue] = []
                    objects.reserveCapacity(saved.count)
                    for row in saved {
                        guard let object = try? JSONValue(json: Data(row.json.utf8)) else {
                            throw DatabaseError(code: "PGRST102", message: "row \(row.number) is not valid JSON")
                        }
                        objects.append(object)
                    }
                    let now = WireDate.wireRounded(now())
                    for provided in try RowValidation.bodyRows(.array(objects), for: table) {
                        let row = try RowValidation.newRow(provided, for: table, role: .service, now: now, after: rows)
                        // NOT NULL and CHECK as on insert; foreign keys may point at tables created later.
                        try RowValidation.check(row, in: table, tables: storage.tables, checkingForeignKeys: false)
                        rows.append(row)
                    }
                    try table.append(rows)
                } catch {
                    throw PersistenceError.corrupt(file.url, reason: "table \(schema.name): \(error)")
                }
                // Rows converted from a JSON file learn their keys now that the table says what they are.
                var keys: [(number: Int64, key: String)] = []
                for (stored, row) in zip(saved, rows) where stored.key == nil {
                    keys.append((stored.number, RowWrite.keyText(table.primaryKey(of: row))))
                }
                try file.assignKeys(keys)
                storage.unclaimedFileTables[schema.name] = nil
            }
            if file != nil { table.startJournal() }
            storage.tables[schema.name] = table
        }
    }

    /// Whether a table, view or function of that name exists (for idempotent installers).
    ///
    /// - Parameter name: A table, view or function name.
    /// - Returns: `true` when a table, view or function has that name.
    public func hasRelation(named name: String) -> Bool {
        storage.withLock { $0.tables[name] != nil || $0.views[name] != nil || $0.functions[name] != nil }
    }

    /// Whether the database has a trigger of that name.
    ///
    /// - Parameter name: The trigger's name.
    /// - Returns: `true` when ``createTrigger(_:)`` installed one.
    public func hasTrigger(named name: String) -> Bool {
        storage.withLock { $0.triggers.contains { $0.name == name } }
    }

    /// Creates (or replaces) a trigger: from now on, every committed write of its table runs it first.
    ///
    /// - Parameter trigger: The trigger; one of the same name is replaced.
    public func createTrigger(_ trigger: InMemoryTrigger) {
        storage.withLock { storage in
            storage.triggers.removeAll { $0.name == trigger.name }
            storage.triggers.append(trigger)
        }
    }

    /// Creates (or replaces) a view.
    ///
    /// - Parameter view: The view's columns and the function that computes its rows; a view of the same name is
    ///   replaced.
    public func createView(_ view: ViewSchema) {
        storage.withLock { $0.views[view.name] = view }
    }

    /// Registers (or replaces) a function callable with `rpc(name, params:)`.
    ///
    /// - Parameters:
    ///   - name: The function's name, as `rpc` calls it.
    ///   - body: Runs a call in an ``InMemoryTransaction``; what it throws fails the call and discards its writes.
    public func createFunction(_ name: String, _ body: @escaping FunctionBody) {
        storage.withLock { $0.functions[name] = body }
    }

    // MARK: Planning

    /// How this database would read the rows of `query` as `role`: every row, an index's candidates, or an
    /// ordered index walked in the query's order. For tests and tuning; running the query gives the same rows
    /// whatever the path. Throws what running the query would throw for an unknown table or column.
    ///
    /// - Parameters:
    ///   - query: The query to plan; it is not run.
    ///   - role: The role it would run as; the service role by default.
    /// - Returns: The ``InMemoryAccessPath`` a run would take.
    /// - Throws: ``/FitCore/DatabaseError/unknownTable(_:)`` for an unknown table or view,
    ///   ``/FitCore/DatabaseError/unknownColumn(_:in:)`` for an unknown column in a filter or order.
    public func explain(_ query: DatabaseQuery, as role: DatabaseRole = .service) throws -> InMemoryAccessPath {
        try storage.withLock { storage throws in try storage.accessPath(for: query, role: role) }
    }

    // MARK: Change feed

    /// The committed changes to `target` that `role` may see, narrowed by `filter`: see
    /// ``FitCore/DatabaseClient/changes(to:where:)``. Changes are published after commit, in commit order, to
    /// each follower, including those made by database functions and those that change what a view shows.
    func changes(to target: String, where filter: Filter?, as role: DatabaseRole) -> AsyncThrowingStream<
        DatabaseChange, any Error
    > {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: DatabaseChange.self)
        let subscription: Int? = storage.withLock { storage in
            guard storage.tables[target]?.schema.isExposed == true || storage.views[target] != nil else { return nil }
            let number = storage.nextSubscription
            storage.nextSubscription += 1
            storage.subscriptions[number] = ChangeSubscription(
                target: target, filter: filter, role: role, continuation: continuation)
            return number
        }
        guard let subscription else {
            continuation.finish(throwing: DatabaseError.unknownTable(target))
            return stream
        }
        continuation.onTermination = { [leftFollowers] _ in
            leftFollowers.withLock { _ = $0.insert(subscription) }
        }
        return stream
    }

    /// How many followers the change feed has (they leave when their task is cancelled).
    public var changeFollowerCount: Int {
        storage.withLock { storage in
            dropLeftFollowers(from: &storage)
            return storage.subscriptions.count
        }
    }

    /// Removes the followers whose stream ended from `storage` (called with its lock held; takes the other lock only
    /// briefly, never while yielding).
    private func dropLeftFollowers(from storage: inout Storage) {
        let left = leftFollowers.withLock { left in
            defer { left.removeAll() }
            return left
        }
        for subscription in left { storage.subscriptions.removeValue(forKey: subscription) }
    }

    // MARK: Running queries

    func run(_ query: DatabaseQuery, as role: DatabaseRole) async throws -> RawResponse {
        try Task.checkCancellation()
        return try storage.withLock { storage throws in try execute(query, role: role, storage: &storage) }
    }

    /// Runs several queries, each as its own role, as one transaction: all of them commit (and are saved to the
    /// file in one SQLite transaction) or none does. This is for code
    /// that keeps its own state in the database, such as an offline replica and its outbox.
    ///
    /// - Parameter steps: The queries to run in order, each with the role it runs as; selects see the writes of the
    ///   steps before them.
    /// - Returns: Each step's response, in order.
    /// - Throws: The first step's error (a ``/FitCore/DatabaseError``, or a ``PersistenceError`` when saving failed);
    ///   then nothing was changed.
    public func transaction(_ steps: [(query: DatabaseQuery, role: DatabaseRole)]) throws -> [RawResponse] {
        try transaction(steps, mayBeLostOnPowerLoss: false)
    }

    /// Runs `steps` as ``transaction(_:)`` does; with `mayBeLostOnPowerLoss`, the save does not wait for the disk:
    /// the commit survives the process crashing but may be undone by a power loss or an operating-system crash (the
    /// file then holds the commit before it). This is for bookkeeping that can be done again, such as taking
    /// changes the server accepted out of an outbox: lost, they are replayed, and the server ignores them.
    ///
    /// - Parameters:
    ///   - steps: The queries to run in order, each with the role it runs as.
    ///   - mayBeLostOnPowerLoss: Whether the save may skip waiting for the disk.
    /// - Returns: Each step's response, in order.
    /// - Throws: What ``transaction(_:)`` throws; then nothing was changed.
    package func transaction(
        _ steps: [(query: DatabaseQuery, role: DatabaseRole)], mayBeLostOnPowerLoss: Bool
    ) throws -> [RawResponse] {
        try storage.withLock { storage throws in
            let now = WireDate.wireRounded(now())
            var draft = storage
            let lent = storage.tablesToChangeInPlace()
            storage.lend(lent, to: &draft)
            do {
                var responses: [RawResponse] = []
                for step in steps {
                    try draft.requireExposed(step.query)
                    if step.query.operation == .select {
                        responses.append(try draft.select(step.query, role: step.role, now: now))
                    } else if step.query.operation == .rpc {
                        throw DatabaseError(code: "0A000", message: "a transaction's steps cannot call functions")
                    } else {
                        // Each step is a statement: its triggers run before the next step.
                        let before = draft.tablesWithTriggers()
                        responses.append(try draft.write(step.query, role: step.role, now: now))
                        draft.tables = try draft.firingTriggers(
                            after: draft.tables, changing: step.query.target, before: before, role: step.role, now: now
                        )
                    }
                }
                try commit(&draft, to: &storage, lent: lent, now: now, waitingForDisk: !mayBeLostOnPowerLoss)
                return responses
            } catch {
                storage.takeBack(lent, from: &draft)
                throw error
            }
        }
    }

    /// Saves `draft`'s rows (its triggers have run), publishes its changes and makes it the committed state.
    private func commit(
        _ draft: inout Storage, to storage: inout Storage, lent: [String], now: Date, waitingForDisk: Bool = true
    ) throws {
        if let file { try file.save(draft.journaledWrites(), waitingForDisk: waitingForDisk) }
        dropLeftFollowers(from: &storage)
        storage.publishChanges(committing: draft, now: now)
        draft.endInPlace(lent)
        storage.tables = draft.tables
        storage.clearJournals()
    }

    /// Runs one query on a draft of the data and commits (and saves) it only when everything succeeded: the tables
    /// nobody compares are changed in place and taken back on failure (``Storage/lend(_:to:)``), the others copied.
    private func execute(_ query: DatabaseQuery, role: DatabaseRole, storage: inout Storage) throws -> RawResponse {
        // To the millisecond, as the wire carries it: a `now()` default reads back equal to what is stored.
        let now = WireDate.wireRounded(now())
        try ResponseShaping.checkSchema(query)
        try storage.requireExposed(query)
        if query.operation == .select {
            return try ResponseShaping.formatted(storage.select(query, role: role, now: now), for: query)
        }
        var draft = storage
        let lent = storage.tablesToChangeInPlace()
        storage.lend(lent, to: &draft)
        do {
            let response: RawResponse
            if query.operation == .rpc {
                guard let function = draft.functions[query.target] else {
                    throw DatabaseError.unknownFunction(query.target)
                }
                // The function's transaction holds the only reference to the tables while it runs.
                var transaction = InMemoryTransaction(role: role, now: now, tables: draft.tables)
                draft.tables = [:]
                transaction.isReadOnly = query.isReadOnly
                transaction.triggers = draft.triggers
                let result: JSONValue
                do {
                    result = try function(
                        &transaction, FunctionArguments(function: query.target, json: query.body ?? .object([:])))
                } catch {
                    draft.tables = transaction.tables
                    throw error
                }
                draft.tables = transaction.tables
                response = try ResponseShaping.functionResponse(result, for: query)
            } else {
                response = try draft.write(query, role: role, now: now)
                draft.tables = try draft.firingTriggers(
                    after: draft.tables, changing: query.target, before: storage.tablesWithTriggers(), role: role,
                    now: now)
            }
            // The response is shaped before anything commits: a failure leaves the data as it was.
            let shaped = try ResponseShaping.formatted(response, for: query)
            try commit(&draft, to: &storage, lent: lent, now: now)
            return shaped
        } catch {
            storage.takeBack(lent, from: &draft)
            throw error
        }
    }
}
