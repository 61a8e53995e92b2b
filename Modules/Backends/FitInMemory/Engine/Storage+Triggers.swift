import FitCore
import Foundation

extension Storage {
    /// The tables that have triggers, each as it stands now: what ``firingTriggers(after:changing:before:role:now:)``
    /// compares a statement's result with.
    func tablesWithTriggers() -> [String: TableStore] {
        guard !triggers.isEmpty else { return [:] }
        var found: [String: TableStore] = [:]
        for trigger in triggers { found[trigger.table] = tables[trigger.table] }
        return found
    }

    /// Runs the triggers of the tables one statement of a request changed, as PostgreSQL runs `AFTER … FOR EACH ROW`
    /// triggers at the end of each statement: for each table whose rows differ from `before`, its triggers with the
    /// rows that changed, the statement's own table `target` first (a cascade's tables queue behind it); what the
    /// triggers write fires triggers in turn, inside them. Returns the tables as they are then.
    ///
    /// - Parameters:
    ///   - tables: The tables after the statement.
    ///   - target: The table the statement wrote.
    ///   - before: The tables with triggers as they were before it (``tablesWithTriggers()``).
    ///   - role: The role the statement ran as.
    ///   - now: `now()` for the request.
    /// - Throws: What a trigger throws, or `54001` when triggers nest deeper than ``InMemoryTrigger/maximumDepth``.
    func firingTriggers(
        after tables: [String: TableStore], changing target: String, before: [String: TableStore],
        role: DatabaseRole, now: Date
    ) throws -> [String: TableStore] {
        guard !triggers.isEmpty else { return tables }
        var changes: [(table: String, rows: [InMemoryTrigger.RowChange])] = []
        var seen = Set<String>()
        for trigger in triggers where seen.insert(trigger.table).inserted {
            guard let old = before[trigger.table], let new = tables[trigger.table], old.rows != new.rows else {
                continue
            }
            changes.append((trigger.table, Self.rowChanges(from: old, to: new)))
        }
        guard !changes.isEmpty else { return tables }
        if let index = changes.firstIndex(where: { $0.table == target }) {
            changes.insert(changes.remove(at: index), at: 0)
        }
        var transaction = InMemoryTransaction(role: role, now: now, tables: tables)
        transaction.triggers = triggers
        try transaction.fireTriggers(after: changes)
        return transaction.tables
    }

    /// The rows that differ between two states of one table, matched by primary key.
    private static func rowChanges(from before: TableStore, to after: TableStore) -> [InMemoryTrigger.RowChange] {
        let key = after.schema.primaryKey.compactMap { after.layout.positions[$0] }
        func keyed(_ store: TableStore) -> [[DatabaseValue]: [DatabaseValue]] {
            Dictionary(store.rows.map { row in (key.map { row[$0] }, row) }, uniquingKeysWith: { first, _ in first })
        }
        let old = keyed(before)
        var changes: [InMemoryTrigger.RowChange] = []
        var seen = Set<[DatabaseValue]>()
        for row in after.rows {
            let rowKey = key.map { row[$0] }
            seen.insert(rowKey)
            let previous = old[rowKey]
            guard previous != row else { continue }
            changes.append(
                .init(
                    old: previous.map { Record(layout: before.layout, values: $0) },
                    new: Record(layout: after.layout, values: row)))
        }
        for (rowKey, row) in old where !seen.contains(rowKey) {
            changes.append(.init(old: Record(layout: before.layout, values: row), new: nil))
        }
        return changes
    }
}
