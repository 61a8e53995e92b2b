import FitCore

/// Which rows of a table a query reads, chosen from the query's top-level filters, its order and limit, and
/// the table's indexes. Filters are always evaluated on what is read, so a plan only has to read a superset
/// of the matching rows.
enum ReadPlan {
    /// Every row.
    case scan
    /// These positions, ascending.
    case candidates([Int], column: String)
    /// The ordered index walked in the query's order.
    case walk(Walk)

    struct Walk {
        let index: Int
        let range: Range<Int>
        let ascending: Bool
        let nullsFirst: Bool
        let includesNulls: Bool
        let column: String
    }

    var accessPath: InMemoryAccessPath {
        switch self {
        case .scan: .scan
        case .candidates(let positions, let column): .indexLookup(column: column, candidates: positions.count)
        case .walk(let walk): .orderedWalk(column: walk.column)
        }
    }
}

/// What a query's top-level filters say about one column: the values it must equal, and range bounds.
private struct ColumnBounds {
    var values: Set<DatabaseValue>?
    var lower: (DatabaseValue, Bool)?
    var upper: (DatabaseValue, Bool)?
    var impossible = false

    var isBounded: Bool { values != nil || lower != nil || upper != nil || impossible }

    mutating func restrict(to newValues: Set<DatabaseValue>) {
        values = values.map { $0.intersection(newValues) } ?? newValues
    }

    mutating func raiseLower(_ value: DatabaseValue, inclusive: Bool) {
        if let (current, currentInclusive) = lower, let order = DatabaseValue.compare(value, current) {
            if order == .orderedAscending || (order == .orderedSame && currentInclusive == false) { return }
        }
        lower = (value, inclusive)
    }

    mutating func lowerUpper(_ value: DatabaseValue, inclusive: Bool) {
        if let (current, currentInclusive) = upper, let order = DatabaseValue.compare(value, current) {
            if order == .orderedDescending || (order == .orderedSame && currentInclusive == false) { return }
        }
        upper = (value, inclusive)
    }
}

extension TableStore {
    /// The plan for a select: its filters, order, limit, offset and whether it counts.
    func plan(forSelect query: DatabaseQuery, role: DatabaseRole) -> ReadPlan {
        plan(
            filters: query.filters, order: query.order, limit: query.limit, offset: max(0, query.offset ?? 0),
            counting: query.count != nil, role: role)
    }

    /// The cheapest way to read the rows `filters` can match for `role`, given the order and limit.
    func plan(
        filters: [Filter], order: [OrderTerm] = [], limit: Int? = nil, offset: Int = 0, counting: Bool = false,
        role: DatabaseRole
    ) -> ReadPlan {
        let bounds = columnBounds(filters)
        // Candidate lists: (size, column, how to list them).
        var best: (count: Int, column: String, list: () -> [Int])?
        var smallest: [String: Int] = [:]
        func consider(_ count: Int, _ column: String, _ list: @escaping () -> [Int]) {
            smallest[column] = min(count, smallest[column] ?? Int.max)
            if best == nil || count < best!.count { best = (count, column, list) }
        }
        for (position, bound) in bounds {
            let name = layout.columns[position].name
            if bound.impossible {
                consider(0, name) { [] }
                continue
            }
            if let values = bound.values,
                let unique = uniqueIndexes.first(where: { $0.positions == [position] && $0.constraint.predicate == nil }
                )
            {
                consider(values.count, name) { values.compactMap { unique.keys[[$0]] }.sorted() }
            }
            if let values = bound.values, let index = hashIndexes.first(where: { $0.column == position }) {
                consider(values.reduce(0) { $0 + index.count(of: $1) }, name) {
                    self.positions(where: position, isOneOf: values) ?? []
                }
            }
            if let i = orderedIndexes.firstIndex(where: { $0.column == position }) {
                let index = orderedIndexes[i]
                let ranges: [Range<Int>] =
                    if let values = bound.values {
                        values.map { index.range(lower: ($0, true), upper: ($0, true)) }
                    } else {
                        [index.range(lower: bound.lower, upper: bound.upper)]
                    }
                consider(ranges.reduce(0) { $0 + $1.count }, name) {
                    ranges.flatMap { index.entries[$0].map(\.position) }.sorted()
                }
            }
        }
        if case .ownedBy(let owner, _) = schema.access, case .member(let id) = role,
            let position = layout.positions[owner], let index = hashIndexes.first(where: { $0.column == position })
        {
            consider(index.count(of: .uuid(id)), owner) { index.positions(of: .uuid(id)) }
        }

        if let walk = walkPlan(order: order, bounds: bounds, limit: limit, offset: offset, counting: counting) {
            let needed = offset + (limit ?? 0)
            let walked = walk.range.count + (walk.includesNulls ? orderedIndexes[walk.index].nulls.count : 0)
            // Rows read before `needed` matches, if the other filters' matches are spread evenly.
            let others = smallest.filter { $0.key != walk.column }.values.min() ?? rows.count
            let cost = min(walked, needed * max(1, rows.count) / max(1, others))
            if best == nil || cost < best!.count { return .walk(walk) }
        }
        guard let best, best.count < rows.count else { return .scan }
        return .candidates(best.list(), column: best.column)
    }

    private func walkPlan(order: [OrderTerm], bounds: [Int: ColumnBounds], limit: Int?, offset: Int, counting: Bool)
        -> ReadPlan.Walk?
    {
        guard limit != nil, !counting, order.count == 1, let position = layout.positions[order[0].column],
            let i = orderedIndexes.firstIndex(where: { $0.column == position })
        else { return nil }
        let bound = bounds[position] ?? ColumnBounds()
        let index = orderedIndexes[i]
        let range: Range<Int>
        if bound.impossible {
            range = 0..<0
        } else if let values = bound.values {
            guard values.count <= 1 else { return nil }
            range = values.first.map { index.range(lower: ($0, true), upper: ($0, true)) } ?? 0..<0
        } else {
            range = index.range(lower: bound.lower, upper: bound.upper)
        }
        return ReadPlan.Walk(
            index: i, range: range, ascending: order[0].ascending, nullsFirst: order[0].nullsFirst,
            includesNulls: !bound.isBounded, column: order[0].column)
    }

    /// The bounds the top-level conditions put on each column. A literal that does not cast is left to the
    /// predicate, which reports the error.
    private func columnBounds(_ filters: [Filter]) -> [Int: ColumnBounds] {
        var bounds: [Int: ColumnBounds] = [:]
        for filter in filters {
            guard case .condition(let column, let op, let literal) = filter, let position = layout.positions[column]
            else { continue }
            let type = layout.columns[position].type
            var bound = bounds[position] ?? ColumnBounds()
            switch op {
            case .eq, .gt, .gte, .lt, .lte:
                guard let value = try? type.cast(literal) else { continue }
                if value == .null {
                    bound.impossible = true
                } else if op == .eq {
                    bound.restrict(to: [value])
                } else if op == .gt || op == .gte {
                    bound.raiseLower(value, inclusive: op == .gte)
                } else {
                    bound.lowerUpper(value, inclusive: op == .lte)
                }
            case .in:
                let members: [QueryValue] = if case .list(let values) = literal { values } else { [literal] }
                var values: Set<DatabaseValue> = []
                for member in members {
                    guard let value = try? type.cast(member) else { continue }
                    if value != .null { values.insert(value) }
                }
                bound.restrict(to: values)
            default: continue
            }
            bounds[position] = bound
        }
        return bounds
    }

    /// Walks an ordered index in the query's order and returns the first `count` rows `role` may see that
    /// `predicate` keeps: the same rows, in the same order, as sorting every match and taking `count`.
    func walk(_ walk: ReadPlan.Walk, role: DatabaseRole, predicate: RowPredicate?, count: Int) -> [[DatabaseValue]] {
        var found: [[DatabaseValue]] = []
        guard count > 0 else { return found }
        let index = orderedIndexes[walk.index]
        func take(_ position: Int) -> Bool {
            let row = rows[position]
            if RowSecurity.canSee(row, in: self, role: role), predicate.map({ $0.evaluate(row) == true }) ?? true {
                found.append(row)
            }
            return found.count >= count
        }
        func takeNulls() -> Bool {
            guard walk.includesNulls else { return false }
            for position in index.nulls where take(position) { return true }
            return false
        }
        if walk.nullsFirst, takeNulls() { return found }
        if walk.ascending {
            for entry in index.entries[walk.range] where take(entry.position) { return found }
        } else {
            // Backwards by value; equal values keep their table order, as the stable sort keeps them.
            var end = walk.range.upperBound
            while end > walk.range.lowerBound {
                var start = end - 1
                while start > walk.range.lowerBound,
                    DatabaseValue.compare(index.entries[start - 1].value, index.entries[end - 1].value) == .orderedSame
                {
                    start -= 1
                }
                for entry in index.entries[start..<end] where take(entry.position) { return found }
                end = start
            }
        }
        if !walk.nullsFirst, takeNulls() { return found }
        return found
    }
}
