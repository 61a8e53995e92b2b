import FitCore

/// ORDER BY over row arrays, with PostgreSQL's NULL placement, and a top-k path for `ORDER BY … LIMIT k`.
struct RowOrdering: Sendable {
    private let terms: [(position: Int, ascending: Bool, nullsFirst: Bool)]

    init(_ order: [OrderTerm], layout: ColumnLayout) throws(DatabaseError) {
        var terms: [(Int, Bool, Bool)] = []
        for term in order { terms.append((try layout.position(of: term.column), term.ascending, term.nullsFirst)) }
        self.terms = terms
    }

    func areInIncreasingOrder(_ lhs: [DatabaseValue], _ rhs: [DatabaseValue]) -> Bool {
        for term in terms {
            let a = lhs[term.position]
            let b = rhs[term.position]
            switch (a == .null, b == .null) {
            case (true, true): continue
            case (true, false): return term.nullsFirst
            case (false, true): return !term.nullsFirst
            case (false, false):
                guard let result = DatabaseValue.compare(a, b), result != .orderedSame else { continue }
                return (result == .orderedAscending) == term.ascending
            }
        }
        return false
    }

    /// The first `k` rows in order; a stable result (ties keep their input order), in O(n log k).
    func firstRows(_ rows: [[DatabaseValue]], count k: Int) -> [[DatabaseValue]] {
        guard k > 0 else { return [] }
        if k >= rows.count { return sorted(rows) }
        var best: [[DatabaseValue]] = []
        best.reserveCapacity(k + 1)
        for row in rows {
            if best.count == k, !areInIncreasingOrder(row, best[k - 1]) { continue }
            // Insert after any equal rows, so earlier rows win ties (stability).
            best.insert(row, at: best.partitionPoint { areInIncreasingOrder(row, $0) })
            if best.count > k { best.removeLast() }
        }
        return best
    }

    /// Every row in order, stable.
    func sorted(_ rows: [[DatabaseValue]]) -> [[DatabaseValue]] {
        let indexed = rows.enumerated().sorted { lhs, rhs in
            if areInIncreasingOrder(lhs.element, rhs.element) { return true }
            if areInIncreasingOrder(rhs.element, lhs.element) { return false }
            return lhs.offset < rhs.offset
        }
        return indexed.map(\.element)
    }
}
