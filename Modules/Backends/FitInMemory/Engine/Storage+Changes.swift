import FitCore
import Foundation

/// The in-memory change feed: what each follower may see of a commit.
extension Storage {
    /// Yields, to every subscription the commit from `self` (before) to `committed` (after) touches, the changes
    /// to the rows that subscription may see (row-level security and its filter applied, before and after).
    /// Called under the database's lock, so every follower receives commits in commit order.
    func publishChanges(committing committed: Storage, now: Date) {
        guard !subscriptions.isEmpty else { return }
        let changedTables = Set(committed.tables.keys.filter { committed.tables[$0]?.rows != tables[$0]?.rows })
        guard !changedTables.isEmpty else { return }
        for subscription in subscriptions.values.sorted(by: { $0.target < $1.target }) {
            // A view may read any table: it is compared whenever something changed.
            guard changedTables.contains(subscription.target) || views[subscription.target] != nil else { continue }
            guard let before = try? visibleRows(for: subscription, now: now),
                let after = try? committed.visibleRows(for: subscription, now: now)
            else { continue }
            for change in Self.diff(before, after, table: subscription.target) {
                subscription.continuation.yield(change)
            }
        }
    }

    /// The rows `subscription` may see, keyed by primary key (a view: its first column).
    private func visibleRows(for subscription: ChangeSubscription, now: Date) throws -> VisibleRows {
        let (layout, rows) = try source(subscription.target, role: subscription.role, now: now)
        let predicate = try RowPredicate.compile(subscription.filter.map { [$0] } ?? [], layout: layout)
        let keyColumns = tables[subscription.target]?.schema.primaryKey ?? layout.columns.prefix(1).map(\.name)
        let positions = try keyColumns.map { try layout.position(of: $0) }
        var keyed: [[DatabaseValue]: [DatabaseValue]] = [:]
        var order: [[DatabaseValue]] = []
        for row in rows where predicate.map({ $0.evaluate(row) == true }) ?? true {
            let key = positions.map { row[$0] }
            keyed[key] = row
            order.append(key)
        }
        return VisibleRows(layout: layout, keyColumns: keyColumns, rows: keyed, order: order)
    }

    /// Deletes, then updates, then inserts, each in the table's row order (so a bulk insert arrives in the order it
    /// was written); rows are turned into JSON only when they changed.
    private static func diff(_ before: VisibleRows, _ after: VisibleRows, table: String) -> [DatabaseChange] {
        func key(_ values: [DatabaseValue], _ rows: VisibleRows) -> [String: JSONValue] {
            var fields: [String: JSONValue] = [:]
            for (column, value) in zip(rows.keyColumns, values) { fields[column] = value.json }
            return fields
        }
        var changes: [DatabaseChange] = []
        for gone in before.order where after.rows[gone] == nil {
            changes.append(.row(kind: .delete, table: table, key: key(gone, before), row: nil))
        }
        var updated: [[DatabaseValue]] = []
        var inserted: [[DatabaseValue]] = []
        for rowKey in after.order {
            guard let old = before.rows[rowKey] else {
                inserted.append(rowKey)
                continue
            }
            if old != after.rows[rowKey] { updated.append(rowKey) }
        }
        for rowKey in updated {
            changes.append(.row(kind: .update, table: table, key: key(rowKey, after), row: after.json(rowKey)))
        }
        for rowKey in inserted {
            changes.append(.row(kind: .insert, table: table, key: key(rowKey, after), row: after.json(rowKey)))
        }
        return changes
    }
}

/// The rows a follower may see of one table or view, by key.
private struct VisibleRows {
    let layout: ColumnLayout
    let keyColumns: [String]
    let rows: [[DatabaseValue]: [DatabaseValue]]
    /// The keys in the table's (or view's) row order.
    let order: [[DatabaseValue]]

    func json(_ key: [DatabaseValue]) -> JSONValue? {
        rows[key].map { Record(layout: layout, values: $0).json }
    }
}
