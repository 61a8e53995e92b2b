import FitCore
import Foundation

/// What an in-memory database function works with: the tables as of the start of the call, the acting
/// member and the time. Like a SQL `security definer` function it reads and writes past row-level security;
/// its changes are committed together when the function returns and discarded when it throws.
///
/// Each write (``insert(into:_:)``, ``update(_:where:set:)``, ``delete(from:where:)``) is one statement: the
/// triggers of the tables it changed run when it ends, before the call goes on, as PostgreSQL fires its
/// `AFTER … FOR EACH ROW` triggers at the end of each statement. So the next read sees what they wrote.
public struct InMemoryTransaction: Sendable {
    /// The role the function was called as (`auth.uid()` is `role.memberId`).
    public let role: DatabaseRole
    /// `now()` for the whole call.
    public let now: Date
    var tables: [String: TableStore]
    /// Whether the call may not write (`rpc(…, get: true)`): every write throws `25006`, as in a read-only
    /// transaction.
    var isReadOnly = false
    /// The database's triggers, in the order it runs each table's: fired at the end of each write.
    var triggers: [InMemoryTrigger] = []
    /// How many triggers are running inside one another now.
    private var triggerDepth = 0

    /// A transaction over `tables`, as `role` at `now`.
    init(role: DatabaseRole, now: Date, tables: [String: TableStore]) {
        self.role = role
        self.now = now
        self.tables = tables
    }

    private func requireWritable(_ kind: String) throws(DatabaseError) {
        guard isReadOnly else { return }
        throw DatabaseError(code: "25006", message: "cannot execute \(kind) in a read-only transaction")
    }

    private func table(_ name: String) throws(DatabaseError) -> TableStore {
        guard let table = tables[name] else { throw DatabaseError.unknownTable(name) }
        return table
    }

    /// Runs `change` on table `name` taken out of ``tables`` (so it holds the only reference, and a table lent to the
    /// commit changes in place), and puts it back, changed or not.
    private mutating func changing<Result>(
        _ name: String, _ change: (inout TableStore, [String: TableStore]) throws -> Result
    ) throws -> Result {
        guard var store = tables.removeValue(forKey: name) else { throw DatabaseError.unknownTable(name) }
        defer { tables[name] = store }
        return try change(&store, tables)
    }

    /// The rows of `table` that satisfy `predicate`.
    ///
    /// - Parameters:
    ///   - table: The table's name.
    ///   - predicate: Which rows to return; every row by default.
    /// - Returns: The matching rows as they stand in this transaction (its own earlier writes included), in storage
    ///   order.
    /// - Throws: ``/FitCore/DatabaseError/unknownTable(_:)`` when there is no such table.
    public func records(in table: String, where predicate: (Record) -> Bool = { _ in true }) throws -> [Record] {
        let store = try self.table(table)
        return store.rows.lazy.map { Record(layout: store.layout, values: $0) }.filter(predicate)
    }

    /// Inserts a row (defaults fill the rest) and returns it; constraint errors as in SQL.
    ///
    /// - Parameters:
    ///   - table: The table's name.
    ///   - values: The columns to set, by name; timestamps are rounded to the millisecond as the wire carries them.
    /// - Returns: The inserted row, defaults included.
    /// - Throws: ``/FitCore/DatabaseError/unknownTable(_:)``, ``/FitCore/DatabaseError/unknownWriteColumn(_:in:)``
    ///   (`PGRST204`), or constraint errors as PostgreSQL raises them (``/FitCore/DatabaseError`` `23502` not null,
    ///   `23514` check, `23505` unique, `23503` foreign key, `22P02` for a value of the wrong type); nothing is
    ///   inserted.
    @discardableResult
    public mutating func insert(into table: String, _ values: [String: DatabaseValue]) throws -> Record {
        try requireWritable("INSERT")
        let role = role
        let now = now
        let inserted = try changing(table) { store, tables in
            let row = try RowValidation.newRow(Self.wireRounded(values), for: store, role: role, now: now)
            try RowValidation.check(row, in: store, tables: tables)
            try store.append([row])
            return Record(layout: store.layout, values: row)
        }
        try fireTriggers(after: [(table, [.init(old: nil, new: inserted)])])
        return inserted
    }

    /// Sets `values` on every row of `table` that satisfies `predicate`; returns the updated rows.
    ///
    /// - Parameters:
    ///   - table: The table's name.
    ///   - predicate: Which rows to change.
    ///   - values: The columns to set, by name.
    /// - Returns: The updated rows, as they now are; empty when none matched.
    /// - Throws: ``/FitCore/DatabaseError/unknownTable(_:)``, ``/FitCore/DatabaseError/unknownWriteColumn(_:in:)``
    ///   (`PGRST204`), or constraint errors as PostgreSQL raises them (``/FitCore/DatabaseError`` `23502` not null,
    ///   `23514` check, `23505` unique, `23503` foreign key, `22P02` for a value of the wrong type); no row is changed.
    @discardableResult
    public mutating func update(
        _ table: String, where predicate: (Record) -> Bool, set values: [String: DatabaseValue]
    ) throws -> [Record] {
        try requireWritable("UPDATE")
        let changes = try changing(table) { store, tables in
            for name in values.keys where store.layout.positions[name] == nil {
                throw DatabaseError.unknownWriteColumn(name, in: table)
            }
            let values = Self.wireRounded(values)
            var positions: [Int] = []
            var changes: [InMemoryTrigger.RowChange] = []
            var updated: [[DatabaseValue]] = []
            for (position, row) in store.rows.enumerated() where predicate(Record(layout: store.layout, values: row)) {
                var changed = row
                for (name, value) in values { changed[store.layout.positions[name]!] = value }
                try RowValidation.check(changed, in: store, tables: tables)
                positions.append(position)
                updated.append(changed)
                changes.append(
                    .init(
                        old: Record(layout: store.layout, values: row),
                        new: Record(layout: store.layout, values: changed)))
            }
            try store.replace(at: positions, with: updated)
            return changes
        }
        try fireTriggers(after: [(table, changes)])
        return changes.compactMap(\.new)
    }

    /// Timestamps as the wire will carry them, so a function's `now + 14 days` reads back equal to what it stored.
    private static func wireRounded(_ values: [String: DatabaseValue]) -> [String: DatabaseValue] {
        values.mapValues { value in
            if case .timestamp(let date) = value { return .timestamp(WireDate.wireRounded(date)) }
            return value
        }
    }

    /// Deletes every row of `table` that satisfies `predicate`; returns the deleted rows.
    ///
    /// - Parameters:
    ///   - table: The table's name.
    ///   - predicate: Which rows to delete.
    /// - Returns: The deleted rows; empty when none matched.
    /// - Throws: ``/FitCore/DatabaseError/unknownTable(_:)``, or `23503` (``/FitCore/DatabaseError``) when another
    ///   table's row still refers to one of them through a key that does not cascade; nothing is deleted. Rows of
    ///   `ON DELETE CASCADE` keys that refer to the deleted ones are deleted with them.
    @discardableResult
    public mutating func delete(from table: String, where predicate: (Record) -> Bool) throws -> [Record] {
        try requireWritable("DELETE")
        let store = try self.table(table)
        let positions = store.rows.indices.filter { predicate(Record(layout: store.layout, values: store.rows[$0])) }
        var changed = tables
        let deleted = try CascadingDelete.delete(at: positions, from: table, in: &changed)
        tables = changed
        let changes = deleted.map { table, rows in
            let layout = changed[table]!.layout
            return (table, rows.map { InMemoryTrigger.RowChange(old: Record(layout: layout, values: $0), new: nil) })
        }
        // PostgreSQL's foreign-key triggers delete a cascade's rows without firing their triggers there and then: they
        // queue behind this table's, one table after another in the order the cascade reached them.
        try fireTriggers(after: changes)
        return changes.first?.1.compactMap(\.old) ?? []
    }

    /// Runs the triggers of each table in `changes`, in order, with the rows the statement changed there; what they
    /// write fires triggers in turn, inside them.
    ///
    /// - Throws: What a trigger throws, or `54001` when triggers nest deeper than ``InMemoryTrigger/maximumDepth``.
    mutating func fireTriggers(after changes: [(table: String, rows: [InMemoryTrigger.RowChange])]) throws {
        guard !triggers.isEmpty else { return }
        for (table, rows) in changes where !rows.isEmpty {
            for trigger in triggers where trigger.table == table {
                guard triggerDepth < InMemoryTrigger.maximumDepth else {
                    throw DatabaseError(code: "54001", message: "triggers kept setting each other off")
                }
                triggerDepth += 1
                defer { triggerDepth -= 1 }
                try trigger.body(&self, rows)
            }
        }
    }
}

/// A function's named arguments (PostgREST passes them as one JSON object), with typed accessors that
/// fail like PostgreSQL does when an argument is missing or not of its type.
public struct FunctionArguments: Sendable {
    /// The function's name, for error messages.
    public let function: String
    /// The raw JSON object.
    public let json: JSONValue

    /// Wraps a call's arguments.
    ///
    /// - Parameters:
    ///   - function: The function's name, named in errors.
    ///   - json: The arguments object, as the request's body holds it.
    public init(function: String, json: JSONValue) {
        self.function = function
        self.json = json
    }

    /// The argument `name` as a uuid.
    ///
    /// - Parameter name: The argument's name (`session_id`).
    /// - Returns: The argument, cast as PostgreSQL casts a `uuid` parameter.
    /// - Throws: A ``/FitCore/DatabaseError`` `PGRST202` when the argument is missing or `null` (PostgREST finds no
    ///   function with that signature), `22P02` when it is not a UUID.
    public func uuid(_ name: String) throws(DatabaseError) -> UUID {
        guard let value = json[name], value != .null else { throw missing(name) }
        guard case .uuid(let id) = try ColumnType.uuid.cast(value) else { throw missing(name) }
        return id
    }

    /// The argument `name` as an integer, or `defaultValue` when it is absent.
    ///
    /// - Parameters:
    ///   - name: The argument's name.
    ///   - defaultValue: The value when the argument is missing or `null`; `nil` (the default) makes it required.
    /// - Returns: The argument, cast as PostgreSQL casts an `integer` parameter, or `defaultValue`.
    /// - Throws: A ``/FitCore/DatabaseError`` `PGRST202` when a required argument is missing or `null`, `22P02` when it
    ///   is not an integer.
    public func integer(_ name: String, default defaultValue: Int? = nil) throws(DatabaseError) -> Int {
        guard let value = json[name], value != .null else {
            if let defaultValue { return defaultValue }
            throw missing(name)
        }
        guard case .integer(let number) = try ColumnType.integer.cast(value) else { throw missing(name) }
        return Int(number)
    }

    /// The argument `name` cast to `type`, or `nil` when it is absent or `null` (a parameter with a `default null`).
    ///
    /// - Parameters:
    ///   - name: The argument's name.
    ///   - type: The parameter's type.
    /// - Returns: The argument, cast as PostgreSQL casts a parameter of `type`, or `nil`.
    /// - Throws: A ``/FitCore/DatabaseError`` `22P02` (or the cast's own code) when it is not of `type`.
    public func optional(_ name: String, as type: ColumnType) throws(DatabaseError) -> DatabaseValue? {
        guard let value = json[name], value != .null else { return nil }
        return try type.cast(value)
    }

    private func missing(_ name: String) -> DatabaseError {
        DatabaseError(
            code: "PGRST202",
            message: "Could not find the function public.\(function)(\(name)) in the schema cache",
            hint: "The argument \(name) is missing or null")
    }
}
