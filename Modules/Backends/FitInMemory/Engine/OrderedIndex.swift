import FitCore
import Foundation

/// Row positions sorted by one column's value, with SQL comparison. Equal values are kept in position order,
/// the order the engine's stable sort gives them, so a walk of the index returns rows exactly as sorting
/// would. NULLs are kept apart, in position order.
struct OrderedIndex: Sendable {
    struct Entry: Sendable {
        var value: DatabaseValue
        var position: Int
    }

    /// The indexed column's position in a row.
    let column: Int
    private(set) var entries: [Entry] = []
    private(set) var nulls: [Int] = []

    init(column: Int, rows: [[DatabaseValue]]) {
        self.column = column
        for (position, row) in rows.enumerated() {
            if row[column] == .null {
                nulls.append(position)
            } else {
                entries.append(Entry(value: row[column], position: position))
            }
        }
        entries.sort(by: Self.precedes)
    }

    static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        switch DatabaseValue.compare(a.value, b.value) {
        case .orderedAscending?: true
        case .orderedDescending?: false
        default: a.position < b.position
        }
    }

    /// The first entry index whose value is not below `value` (`inclusive`) or above it (not `inclusive`).
    func boundary(_ value: DatabaseValue, after inclusive: Bool) -> Int {
        entries.partitionPoint { entry in
            let result = DatabaseValue.compare(entry.value, value) ?? .orderedAscending
            return inclusive ? result != .orderedAscending : result == .orderedDescending
        }
    }

    /// The entries between two bounds, each `(value, inclusive)`; `nil` is unbounded.
    func range(lower: (DatabaseValue, Bool)?, upper: (DatabaseValue, Bool)?) -> Range<Int> {
        let start = lower.map { boundary($0.0, after: $0.1) } ?? 0
        let end = upper.map { boundary($0.0, after: !$0.1) } ?? entries.count
        return start..<max(start, end)
    }

    /// Records rows added at the end of the table, `rows[i]` at `firstPosition + i`.
    mutating func appended(_ rows: [[DatabaseValue]], from firstPosition: Int) {
        var added: [Entry] = []
        for (offset, row) in rows.enumerated() {
            if row[column] == .null {
                nulls.append(firstPosition + offset)
            } else {
                added.append(Entry(value: row[column], position: firstPosition + offset))
            }
        }
        if added.count <= 8 {
            for entry in added { entries.insert(entry, at: insertionPoint(of: entry)) }
            return
        }
        added.sort(by: Self.precedes)
        var merged: [Entry] = []
        merged.reserveCapacity(entries.count + added.count)
        var i = 0
        var j = 0
        while i < entries.count, j < added.count {
            if Self.precedes(added[j], entries[i]) {
                merged.append(added[j])
                j += 1
            } else {
                merged.append(entries[i])
                i += 1
            }
        }
        merged.append(contentsOf: entries[i...])
        merged.append(contentsOf: added[j...])
        entries = merged
    }

    /// Records the row at `position` changing from `old` to `new`.
    mutating func replaced(_ old: [DatabaseValue], with new: [DatabaseValue], at position: Int) {
        let before = old[column]
        let after = new[column]
        guard before != after else { return }
        if before == .null {
            if let index = nulls.firstIndex(of: position) { nulls.remove(at: index) }
        } else {
            let index = insertionPoint(of: Entry(value: before, position: position))
            if index < entries.count, entries[index].position == position { entries.remove(at: index) }
        }
        if after == .null {
            nulls.insert(position, at: nulls.firstIndex { $0 > position } ?? nulls.count)
        } else {
            let entry = Entry(value: after, position: position)
            entries.insert(entry, at: insertionPoint(of: entry))
        }
    }

    /// Drops removed rows and renumbers the rest: `renumbering[old]` is the new position, or -1 when removed.
    /// Renumbering keeps the order of the remaining rows, so the entries stay sorted.
    mutating func removed(renumbering: [Int]) {
        entries = entries.compactMap { entry in
            let moved = renumbering[entry.position]
            return moved >= 0 ? Entry(value: entry.value, position: moved) : nil
        }
        nulls = nulls.compactMap { renumbering[$0] >= 0 ? renumbering[$0] : nil }
    }

    private func insertionPoint(of entry: Entry) -> Int {
        entries.partitionPoint { !Self.precedes($0, entry) }
    }
}
