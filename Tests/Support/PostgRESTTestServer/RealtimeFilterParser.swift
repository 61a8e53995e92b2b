import FitCore
import FitInMemory

/// Reads a `postgres_changes` filter as Realtime does: `column=op.value` with `eq`, `neq`, `lt`, `lte`, `gt`, `gte`
/// (a value that starts with `"` is quoted, backslash escaping), or `column=in.(…)`, whose inside is a PostgreSQL
/// array literal's.
enum RealtimeFilterParser {
    static func filter(_ text: String) -> Filter? {
        guard let equals = text.firstIndex(of: "=") else { return nil }
        let column = String(text[..<equals])
        let rest = text[text.index(after: equals)...]
        guard let dot = rest.firstIndex(of: "."), !column.isEmpty else { return nil }
        let name = String(rest[..<dot])
        let value = String(rest[rest.index(after: dot)...])
        if name == "in" {
            guard value.hasPrefix("("), value.hasSuffix(")"),
                case .array(let elements)? = try? ColumnType.textArray.cast(
                    text: "{" + value.dropFirst().dropLast() + "}")
            else { return nil }
            return .condition(
                column: column, operator: .in,
                value: .list(elements.map { $0.textValue.map(QueryValue.string) ?? .null }))
        }
        guard let op = FilterOperator(rawValue: name), [.eq, .neq, .lt, .lte, .gt, .gte].contains(op) else {
            return nil
        }
        return .condition(column: column, operator: op, value: .string(unquoted(value)))
    }

    private static func unquoted(_ value: String) -> String {
        guard value.hasPrefix("\""), value.count >= 2 else { return value }
        var result = ""
        var escaped = false
        for character in value.dropFirst() {
            if escaped {
                result.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return result
            } else {
                result.append(character)
            }
        }
        return value
    }
}
