extension Filter {
    /// The deepest `and` / `or` / `not` nesting a query may hold. Every backend walks a filter tree recursively (to
    /// evaluate it, compile it to SQL or write it into a URL), so a deeper tree could exhaust a thread's stack;
    /// builders refuse one with `PGRST100` before anything is sent. PostgreSQL's own parser stops far sooner than
    /// that stack would (`max_stack_depth`); no real filter comes near 100 levels.
    public static let maximumNesting = 100

    /// How many `and` / `or` / `not` levels the tree has (a condition alone is 0). Counted without recursion, so
    /// measuring a tree of any depth is safe.
    public var nesting: Int {
        var deepest = 0
        var pending: [(filter: Filter, depth: Int)] = [(self, 0)]
        while let (filter, depth) = pending.popLast() {
            deepest = max(deepest, depth)
            switch filter {
            case .condition: break
            case .not(let inner): pending.append((inner, depth + 1))
            case .or(let members), .and(let members): pending.append(contentsOf: members.map { ($0, depth + 1) })
            }
        }
        return deepest
    }

    /// The error a builder keeps for a tree deeper than ``maximumNesting``.
    static func tooDeep(_ nesting: Int) -> DatabaseError {
        DatabaseError(
            code: "PGRST100",
            message: "the filter nests and/or/not \(nesting) levels deep; at most \(maximumNesting) are allowed",
            details: "FitKit refuses filter trees deeper than Filter.maximumNesting")
    }
}

extension Filter {
    /// Whether this is an `and`/`or` group (or a negated one) rather than one condition.
    var isLogicTree: Bool {
        switch self {
        case .condition, .not(.condition): false
        case .and, .or, .not: true
        }
    }
}
