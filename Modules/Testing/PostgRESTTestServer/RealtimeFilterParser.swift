import FitCore
import FitInMemory
import Foundation

/// Reads a `postgres_changes` filter as Realtime does (`lib/extensions/postgres_cdc_rls/subscriptions.ex`,
/// `parse_filters`): the text is trimmed and split on the commas outside parentheses and quotes (a quote opens after
/// `.`, `(` or `,`; backslash escapes inside), each part trimmed again and read as `column=[not.]op.value`, every part
/// a condition that must hold. A value that starts with `"` is unquoted (backslash escapes the next character); an
/// `in` value must be wrapped in parentheses and is a PostgreSQL array literal's inside. The operators this server
/// evaluates are `eq`, `neq`, `lt`, `lte`, `gt`, `gte` and `in`.
enum RealtimeFilterParser {
    /// The filter, or the error Realtime pushes for it (`Error parsing `filter` params: …`).
    static func filter(_ text: String) -> Result<Filter?, ParseError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return .success(nil) }
        var conditions: [Filter] = []
        for segment in topLevelSegments(trimmed) {
            switch condition(segment) {
            case .success(let condition): conditions.append(condition)
            case .failure(let error): return .failure(error)
            }
        }
        return .success(conditions.count == 1 ? conditions[0] : .and(conditions))
    }

    /// Realtime's `Error parsing `filter` params: <reason>` for a filter.
    struct ParseError: Error {
        let reason: String

        var message: String { "Error parsing `filter` params: \(reason)" }
    }

    /// The filter's parts, split on the commas outside parentheses and quotes.
    static func topLevelSegments(_ text: String) -> [String] {
        var segments: [String] = []
        var current = ""
        var depth = 0
        var quoted = false
        var previous: Character?
        var escaping = false
        for character in text {
            if quoted {
                current.append(character)
                if escaping {
                    escaping = false
                } else if character == "\\" {
                    escaping = true
                } else if character == "\"" {
                    quoted = false
                }
            } else if character == "\"", let before = previous, [".", "(", ","].contains(before) {
                quoted = true
                current.append(character)
            } else if character == "(" {
                depth += 1
                current.append(character)
            } else if character == ")" {
                depth = max(0, depth - 1)
                current.append(character)
            } else if character == ",", depth == 0 {
                segments.append(current)
                current = ""
                previous = nil
                continue
            } else {
                current.append(character)
            }
            previous = character
        }
        segments.append(current)
        return segments
    }

    private static func condition(_ segment: String) -> Result<Filter, ParseError> {
        let trimmed = segment.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            return .failure(ParseError(reason: "filter must not contain empty segments (check for extra commas)"))
        }
        guard let equals = trimmed.firstIndex(of: "=") else { return .failure(ParseError(reason: "[\"\(trimmed)\"]")) }
        let column = String(trimmed[..<equals])
        var rest = String(trimmed[trimmed.index(after: equals)...])
        let negated = rest.hasPrefix("not.")
        if negated { rest.removeFirst(4) }
        guard let dot = rest.firstIndex(of: ".") else { return .failure(ParseError(reason: "[\"\(rest)\"]")) }
        let name = String(rest[..<dot])
        let value = String(rest[rest.index(after: dot)...])
        let condition: Filter
        if name == "in" {
            guard value.hasPrefix("("), value.hasSuffix(")"), value.count >= 2 else {
                return .failure(ParseError(reason: "`in` filter value must be wrapped by parentheses"))
            }
            guard
                case .array(let elements)? = try? ColumnType.textArray.cast(
                    text: "{" + value.dropFirst().dropLast() + "}")
            else { return .failure(ParseError(reason: "[\"in\", \"\(value)\"]")) }
            condition = .condition(
                column: column, operator: .in,
                value: .list(elements.map { $0.textValue.map(QueryValue.string) ?? .null }))
        } else {
            guard let op = FilterOperator(rawValue: name), [.eq, .neq, .lt, .lte, .gt, .gte].contains(op) else {
                return .failure(ParseError(reason: "[\"\(name)\", \"\(value)\"]"))
            }
            condition = .condition(column: column, operator: op, value: .string(unquoted(value)))
        }
        return .success(negated ? .not(condition) : condition)
    }

    /// A value that starts with `"` unquoted, backslash escaping; the value as it is when its quotes do not close at
    /// its end.
    private static func unquoted(_ value: String) -> String {
        guard value.hasPrefix("\"") else { return value }
        var result = ""
        var escaped = false
        var rest = value.dropFirst()
        while let character = rest.first {
            rest = rest.dropFirst()
            if escaped {
                result.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return rest.isEmpty ? result : value
            } else {
                result.append(character)
            }
        }
        return value
    }
}

extension RealtimeTestServer {
    /// How this server reads a `postgres_changes` filter, as Realtime does: the filter, or the error it pushes.
    ///
    /// - Parameter text: The filter's text.
    /// - Returns: The filter (`nil` for an empty one) and `nil`, or `nil` and the error's message.
    public static func readFilter(_ text: String) -> (filter: Filter?, error: String?) {
        switch RealtimeFilterParser.filter(text) {
        case .success(let filter): (filter, nil)
        case .failure(let error): (nil, error.message)
        }
    }
}
