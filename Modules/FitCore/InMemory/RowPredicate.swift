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
            return try condition(position: position, type: type, op: op, literal: literal, column: column, layout: layout)
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
            if compiled.count == 1 { return compiled[0] }
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
            if op == .eq {
                return RowPredicate { row in row[p] == .null ? nil : row[p] == value }
            }
            return RowPredicate { row in DatabaseValue.compare(row[p], value).map(accept) }
        case .like, .ilike:
            guard type == .text else {
                throw DatabaseError(
                    code: "42883", message: "operator does not exist: \(type.rawValue) ~~ unknown",
                    hint: "No operator matches the given name and argument types. You might need to add explicit type casts.")
            }
            let pattern = LikePattern(literal.text, caseInsensitive: op == .ilike)
            return RowPredicate { row in
                guard case .text(let text) = row[p] else { return nil }
                return pattern.matches(text)
            }
        case .is:
            switch literal {
            case .null: return RowPredicate { row in row[p] == .null }
            case .bool(let flag): return RowPredicate { row in row[p] == .bool(flag) }
            case .string(let text) where ["null", "true", "false"].contains(text.lowercased()):
                let value: DatabaseValue = text.lowercased() == "null" ? .null : .bool(text.lowercased() == "true")
                return RowPredicate { row in row[p] == value }
            default:
                throw DatabaseError(
                    code: "PGRST100", message: "\"failed to parse filter (is.\(literal.text))\"",
                    details: "is takes null, true or false")
            }
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
}
