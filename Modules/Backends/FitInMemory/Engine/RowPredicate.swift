import FitCore
import Foundation

/// A ``Filter`` compiled against a table's layout: column positions resolved and literals cast once per
/// query, so evaluating a row is a few array reads and comparisons. Results are three-valued like SQL:
/// `nil` is unknown (a comparison with NULL), and only `true` keeps a row.
struct RowPredicate: Sendable {
    let evaluate: @Sendable ([DatabaseValue]) -> Bool?

    static func compile(_ filters: [Filter], layout: ColumnLayout) throws(DatabaseError) -> RowPredicate? {
        guard !filters.isEmpty else { return nil }
        return try compile(.and(filters), layout: layout)
    }

    static func compile(_ filter: Filter, layout: ColumnLayout) throws(DatabaseError) -> RowPredicate {
        switch filter {
        case .condition(let column, let op, let literal):
            let position = try layout.position(of: column)
            let type = layout.columns[position].type
            return try condition(
                position: position, type: type, op: op, literal: literal, column: column, layout: layout)
        case .not(let inner):
            let compiled = try compile(inner, layout: layout)
            return RowPredicate { row in compiled.evaluate(row).map(!) }
        case .or(let members):
            var predicates: [RowPredicate] = []
            for member in members { predicates.append(try compile(member, layout: layout)) }
            let compiled = predicates
            return RowPredicate { row in
                var unknown = false
                for predicate in compiled {
                    switch predicate.evaluate(row) {
                    case true?: return true
                    case nil: unknown = true
                    case false?: break
                    }
                }
                return unknown ? nil : false
            }
        case .and(let members):
            var predicates: [RowPredicate] = []
            for member in members { predicates.append(try compile(member, layout: layout)) }
            let compiled = predicates
            switch compiled.count {
            case 1: return compiled[0]
            case 2:
                // The common `eq + …` shapes, without the loop.
                let (first, second) = (compiled[0].evaluate, compiled[1].evaluate)
                return RowPredicate { row in
                    let a = first(row)
                    if a == false { return false }
                    let b = second(row)
                    if b == false { return false }
                    return a == nil || b == nil ? nil : true
                }
            case 3:
                let (first, second, third) = (compiled[0].evaluate, compiled[1].evaluate, compiled[2].evaluate)
                return RowPredicate { row in
                    let a = first(row)
                    if a == false { return false }
                    let b = second(row)
                    if b == false { return false }
                    let c = third(row)
                    if c == false { return false }
                    return a == nil || b == nil || c == nil ? nil : true
                }
            default: break
            }
            return RowPredicate { row in
                var unknown = false
                for predicate in compiled {
                    switch predicate.evaluate(row) {
                    case false?: return false
                    case nil: unknown = true
                    case true?: break
                    }
                }
                return unknown ? nil : true
            }
        }
    }

    private static func condition(
        position p: Int, type: ColumnType, op: FilterOperator, literal: QueryValue, column: String, layout: ColumnLayout
    ) throws(DatabaseError) -> RowPredicate {
        switch op {
        case .eq, .neq, .gt, .gte, .lt, .lte:
            let value = try type.cast(literal)
            if value == .null { return RowPredicate { _ in nil } }
            let accept: @Sendable (ComparisonResult) -> Bool =
                switch op {
                case .eq: { $0 == .orderedSame }
                case .neq: { $0 != .orderedSame }
                case .gt: { $0 == .orderedDescending }
                case .gte: { $0 != .orderedAscending }
                case .lt: { $0 == .orderedAscending }
                default: { $0 != .orderedDescending }
                }
            if let fast = specialized(position: p, op: op, value: value) { return fast }
            if op == .eq {
                return RowPredicate { row in row[p] == .null ? nil : row[p] == value }
            }
            return RowPredicate { row in DatabaseValue.compare(row[p], value).map(accept) }
        case .like, .ilike:
            guard type == .text else {
                throw DatabaseError(
                    code: "42883", message: "operator does not exist: \(type.rawValue) ~~ unknown",
                    hint:
                        "No operator matches the given name and argument types. You might need to add explicit type casts."
                )
            }
            let pattern = LikePattern(literal.text, caseInsensitive: op == .ilike)
            return RowPredicate { row in
                guard case .text(let text) = row[p] else { return nil }
                return pattern.matches(text)
            }
        case .likeAll, .likeAny, .ilikeAll, .ilikeAny:
            return try patternList(position: p, type: type, op: op, literal: literal)
        case .match, .imatch:
            return try RowPredicate.regex(position: p, type: type, op: op, pattern: literal.text)
        case .isdistinct:
            let value = try type.cast(literal)
            return RowPredicate { row in
                switch (row[p], value) {
                case (.null, .null): false
                case (.null, _), (_, .null): true
                default: DatabaseValue.compare(row[p], value) != .orderedSame
                }
            }
        case .fts, .plfts, .phfts, .wfts:
            return try RowPredicate.textSearch(position: p, type: type, op: op, literal: literal)
        case .cs, .cd, .ov:
            return try RowPredicate.containment(position: p, type: type, op: op, literal: literal)
        case .is:
            let value: DatabaseValue
            switch literal {
            case .null: value = .null
            case .bool(let flag): value = .bool(flag)
            case .string(let text) where ["null", "true", "false"].contains(text.lowercased()):
                value = text.lowercased() == "null" ? .null : .bool(text.lowercased() == "true")
            default:
                throw DatabaseError(
                    code: "PGRST100", message: "\"failed to parse filter (is.\(literal.text))\"",
                    details: "is takes null, true or false")
            }
            // `IS TRUE` / `IS FALSE` need a boolean operand, as in PostgreSQL; `IS NULL` takes any type.
            if case .bool(let flag) = value, type != .boolean {
                throw DatabaseError(
                    code: "42804",
                    message: "argument of IS \(flag ? "TRUE" : "FALSE") must be type boolean, not type \(type.rawValue)"
                )
            }
            return RowPredicate { row in row[p] == value }
        case .in:
            let members: [QueryValue] =
                if case .list(let values) = literal { values } else { [literal] }
            var values: [DatabaseValue] = []
            for member in members { values.append(try type.cast(member)) }
            let hasNull = values.contains(.null)
            let set = Set(values.filter { $0 != .null })
            if set.isEmpty && !hasNull { return RowPredicate { _ in false } }
            return RowPredicate { row in
                if row[p] == .null { return nil }
                if set.contains(row[p]) { return true }
                return hasNull ? nil : false
            }
        }
    }

    /// Comparisons on the hot column types without the generic two-enum switch: the payload is unwrapped
    /// once per row and compared directly.
    private static func specialized(position p: Int, op: FilterOperator, value: DatabaseValue) -> RowPredicate? {
        func make<T: Comparable & Sendable>(
            _ bound: T, _ extract: @escaping @Sendable (DatabaseValue) -> T?
        ) -> RowPredicate? {
            switch op {
            case .eq: RowPredicate { row in extract(row[p]).map { $0 == bound } }
            case .neq: RowPredicate { row in extract(row[p]).map { $0 != bound } }
            case .gt: RowPredicate { row in extract(row[p]).map { $0 > bound } }
            case .gte: RowPredicate { row in extract(row[p]).map { $0 >= bound } }
            case .lt: RowPredicate { row in extract(row[p]).map { $0 < bound } }
            case .lte: RowPredicate { row in extract(row[p]).map { $0 <= bound } }
            default: nil
            }
        }
        switch value {
        case .timestamp(let bound):
            return make(bound.timeIntervalSinceReferenceDate) {
                if case .timestamp(let d) = $0 { d.timeIntervalSinceReferenceDate } else { nil }
            }
        case .integer(let bound):
            return make(bound) { if case .integer(let n) = $0 { n } else { nil } }
        case .uuid(let bound) where op == .eq || op == .neq:
            let equal = op == .eq
            return RowPredicate { row in
                guard case .uuid(let id) = row[p] else { return nil }
                return (id == bound) == equal
            }
        default:
            return nil
        }
    }
}
