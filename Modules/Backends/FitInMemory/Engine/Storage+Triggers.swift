import FitCore
import Foundation

extension Storage {
    /// Runs the triggers of every table `draft` changed compared with this committed state, then those of the tables
    /// the triggers changed, until nothing changes; returns the tables as they are then.
    ///
    /// - Throws: What a trigger throws, or `54001` when triggers keep setting each other off.
    func runningTriggers(on draft: [String: TableStore], role: DatabaseRole, now: Date) throws -> [String: TableStore] {
        guard !triggers.isEmpty else { return draft }
        var settled = tables
        var current = draft
        for _ in 0..<InMemoryTrigger.maximumDepth {
            let changed = triggers.filter { trigger in settled[trigger.table]?.rows != current[trigger.table]?.rows }
            guard !changed.isEmpty else { return current }
            var transaction = InMemoryTransaction(role: role, now: now, tables: current)
            for trigger in changed {
                guard let before = settled[trigger.table], let after = current[trigger.table] else { continue }
                let rows = Self.rowChanges(from: before, to: after)
                if !rows.isEmpty { try trigger.body(&transaction, rows) }
            }
            settled = current
            current = transaction.tables
        }
        throw DatabaseError(code: "54001", message: "triggers kept setting each other off")
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
