import FitCore

/// Row positions by value for one column, each list ascending (the table's order). NULLs are not indexed: no
/// equality filter matches them.
struct HashIndex: Sendable {
    /// The indexed column's position in a row.
    let column: Int
    private(set) var buckets: [DatabaseValue: [Int]] = [:]

    init(column: Int, rows: [[DatabaseValue]]) {
        self.column = column
        for (position, row) in rows.enumerated() { appended(row, at: position) }
    }

    /// The positions of the rows whose value is `value`, ascending.
    func positions(of value: DatabaseValue) -> [Int] { buckets[value] ?? [] }

    /// How many rows hold `value`.
    func count(of value: DatabaseValue) -> Int { buckets[value]?.count ?? 0 }

    /// Records a row added at the end of the table.
    mutating func appended(_ row: [DatabaseValue], at position: Int) {
        let value = row[column]
        guard value != .null else { return }
        buckets[value, default: []].append(position)
    }

    /// Records the row at `position` changing from `old` to `new`.
    mutating func replaced(_ old: [DatabaseValue], with new: [DatabaseValue], at position: Int) {
        let before = old[column]
        let after = new[column]
        guard before != after else { return }
        if before != .null, var bucket = buckets[before] {
            if let index = Self.index(of: position, in: bucket) { bucket.remove(at: index) }
            buckets[before] = bucket.isEmpty ? nil : bucket
        }
        if after != .null {
            var bucket = buckets[after] ?? []
            bucket.insert(position, at: Self.insertionPoint(of: position, in: bucket))
            buckets[after] = bucket
        }
    }

    /// Drops removed rows and renumbers the rest: `renumbering[old]` is the new position, or -1 when removed.
    mutating func removed(renumbering: [Int]) {
        var kept: [DatabaseValue: [Int]] = [:]
        kept.reserveCapacity(buckets.count)
        for (value, positions) in buckets {
            let moved = positions.compactMap { renumbering[$0] >= 0 ? renumbering[$0] : nil }
            if !moved.isEmpty { kept[value] = moved }
        }
        buckets = kept
    }

    private static func insertionPoint(of position: Int, in bucket: [Int]) -> Int {
        bucket.partitionPoint { $0 >= position }
    }

    private static func index(of position: Int, in bucket: [Int]) -> Int? {
        let index = insertionPoint(of: position, in: bucket)
        return index < bucket.count && bucket[index] == position ? index : nil
    }
}
