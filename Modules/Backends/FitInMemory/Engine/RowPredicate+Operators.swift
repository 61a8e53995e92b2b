import FitCore
import Foundation

/// The pattern-list, regular-expression and containment operators, with PostgreSQL's answers for a column of the
/// wrong type (`42883`, no such operator) and NULL (unknown).
extension RowPredicate {
    /// `LIKE ALL` / `LIKE ANY` (and `ILIKE`): the operand is a list or an array literal's text, `*` meaning `%`.
    static func patternList(position p: Int, type: ColumnType, op: FilterOperator, literal: QueryValue)
        throws(DatabaseError) -> RowPredicate
    {
        let caseInsensitive = op == .ilikeAll || op == .ilikeAny
        guard type == .text else { throw noOperator(type, caseInsensitive ? "~~*" : "~~", "text[]") }
        let texts: [String?]
        switch literal {
        case .list(let values): texts = values.map { if case .null = $0 { nil } else { $0.text } }
        case .null: return RowPredicate { _ in nil }
        default:
            guard case .array(let elements) = try ColumnType.textArray.cast(text: literal.text) else {
                return RowPredicate { _ in nil }
            }
            texts = elements.map(\.textValue)
        }
        let patterns = texts.map { $0.map { LikePattern($0, caseInsensitive: caseInsensitive) } }
        let all = op == .likeAll || op == .ilikeAll
        // ALL over no elements is true and ANY false, whatever the left side holds, NULL included.
        if patterns.isEmpty { return RowPredicate { _ in all } }
        return RowPredicate { row in
            guard case .text(let text) = row[p] else { return nil }
            // `x LIKE ALL(a)` is the AND of `x LIKE e` over the elements (three-valued for NULL elements), ANY the OR.
            var unknown = false
            for pattern in patterns {
                guard let pattern else {
                    unknown = true
                    continue
                }
                if pattern.matches(text) != all { return !all }
            }
            return unknown ? nil : all
        }
    }

    /// `~` / `~*`: POSIX regular expressions, evaluated with `NSRegularExpression` (ICU), which agrees with
    /// PostgreSQL's engine on anchors, bracket classes, quantifiers, groups and alternation.
    static func regex(position p: Int, type: ColumnType, op: FilterOperator, pattern: String)
        throws(DatabaseError) -> RowPredicate
    {
        guard type == .text else { throw noOperator(type, op == .imatch ? "~*" : "~", "unknown") }
        let expression: NSRegularExpression
        do {
            expression = try NSRegularExpression(pattern: pattern, options: op == .imatch ? [.caseInsensitive] : [])
        } catch {
            throw DatabaseError(code: "2201B", message: "invalid regular expression: \(pattern)")
        }
        return RowPredicate { row in
            guard case .text(let text) = row[p] else { return nil }
            let range = NSRange(text.startIndex..<text.endIndex, in: text)
            return expression.firstMatch(in: text, options: [], range: range) != nil
        }
    }

    /// `@>`, `<@`, `&&` on array columns (elements compared after casting the operand) and `@>`, `<@` on jsonb.
    static func containment(position p: Int, type: ColumnType, op: FilterOperator, literal: QueryValue)
        throws(DatabaseError) -> RowPredicate
    {
        let symbol = ["cs": "@>", "cd": "<@", "ov": "&&"][op.rawValue]!
        if type == .json, op != .ov {
            if case .null = literal { return RowPredicate { _ in nil } }
            guard case .json(let document) = try ColumnType.json.cast(text: op.text(of: literal)) else {
                return RowPredicate { _ in nil }
            }
            return RowPredicate { row in
                guard case .json(let value) = row[p] else { return nil }
                return op == .cs
                    ? JSONContainment.contains(value, document) : JSONContainment.contains(document, value)
            }
        }
        guard type.elementType != nil else { throw noOperator(type, symbol, type.rawValue) }
        guard case .array(let elements) = try type.cast(literal) else { return RowPredicate { _ in nil } }
        // NULL elements equal nothing, so they are never found (as in PostgreSQL's array operators).
        let wanted = Set(elements.filter { $0 != .null })
        let wantsNull = elements.contains(.null)
        return RowPredicate { row in
            guard case .array(let values) = row[p] else { return nil }
            let present = Set(values.filter { $0 != .null })
            switch op {
            case .cs: return !wantsNull && wanted.isSubset(of: present)
            case .cd: return !values.contains(.null) && present.isSubset(of: wanted)
            default: return !wanted.isDisjoint(with: present)
            }
        }
    }

    /// PostgreSQL's answer when no operator takes the column's type: `42883`.
    private static func noOperator(_ type: ColumnType, _ symbol: String, _ right: String) -> DatabaseError {
        DatabaseError(
            code: "42883", message: "operator does not exist: \(type.rawValue) \(symbol) \(right)",
            hint: "No operator matches the given name and argument types. You might need to add explicit type casts.")
    }
}
