import FitCore

/// PostgREST's horizontal filters as FitCore ``Filter`` trees: `column=[not.]operator.value` pairs and the
/// logic trees `or=(…)`, `and=(…)`, `not.or=(…)`, `not.and=(…)`.
///
/// A plain filter's value is the rest of the text, taken literally (`eq."x"` compares with `"x"`, quotes
/// included), and reaches the query as text (`QueryValue.string`) for the database to cast to the column's type,
/// as PostgREST does. Logic trees and `in.(…)` lists are read by FitCore's `LogicTreeParser`, the parser behind
/// `FilterBuilder.or(_:)`, so they follow the builder's rules: double quotes protect `,` `.` `(` `)` and `\"` and
/// `\\` are escapes.
enum FilterDecoder {
    /// PostgREST operators and modifiers a FitCore query cannot express.
    private static let unsupportedOperators: Set<String> = [
        "sl", "sr", "nxr", "nxl", "adj",
    ]

    /// Whether `value` starts with an operator (`eq.`, `not.in.`, `fts(english).`, …): for `GET /rpc/f`, a pair
    /// without one is an argument.
    static func hasOperator(_ value: String) -> Bool {
        let rest = value.hasPrefix("not.") ? value.dropFirst(4) : Substring(value)
        let name = rest.prefix { $0 != "." && $0 != "(" }
        return name.count < rest.count
            && (FilterOperator(rawValue: operatorName(rest)) != nil || unsupportedOperators.contains(String(name))
                || FilterOperator(rawValue: String(name))?.isTextSearch == true)
    }

    /// The operator at the start of `text`: the word before the first `.`, with a `(all)` / `(any)` modifier
    /// kept (`like(all)`), as FitCore's ``FilterOperator`` raw values spell them.
    private static func operatorName(_ text: Substring) -> String {
        let word = text.prefix { $0 != "." && $0 != "(" }
        let after = text.dropFirst(word.count)
        guard after.first == "(", let close = after.firstIndex(of: ")") else { return String(word) }
        return String(word) + String(after[...close])
    }

    /// The filter `key=value` means, e.g. `age=not.gte.18`.
    static func filter(_ key: String, _ value: String) async throws(DatabaseError) -> Filter {
        let column = try FieldName.column(key, parameter: "filter key")
        let negated = value.hasPrefix("not.")
        let rest = negated ? value.dropFirst(4) : Substring(value)
        var name = operatorName(rest)
        // `fts(simple).query`: a full-text search's modifier is its configuration.
        var textSearchConfig: String?
        if FilterOperator(rawValue: name) == nil, let open = name.firstIndex(of: "("),
            FilterOperator(rawValue: String(name[..<open]))?.isTextSearch == true
        {
            textSearchConfig = String(name[name.index(after: open)...].dropLast())
            name = String(name[..<open])
            let operand = rest.dropFirst(name.count + textSearchConfig!.count + 2)
            guard operand.first == "." else { throw failure(value, "expecting \".\" after the configuration") }
            let search = TextSearchOperand(query: String(operand.dropFirst()), config: textSearchConfig)
            let condition = Filter.condition(
                column: column, operator: FilterOperator(rawValue: name)!, value: search.queryValue)
            return negated ? .not(condition) : condition
        }
        guard let op = FilterOperator(rawValue: name), rest.dropFirst(name.count).first == "." else {
            if unsupportedOperators.contains(name) || FilterOperator(rawValue: name) != nil {
                throw failure(value, "the test server does not support \"\(rest.prefix { $0 != "." })\"")
            }
            throw failure(value, "expecting \"not\" or operator (eq, gt, ...)")
        }
        let operand = String(rest.dropFirst(name.count + 1))
        let condition: Filter
        switch op {
        case .in:
            let parsed = try await parse("x.in.\(operand)", failing: value)
            guard parsed.count == 1, case .condition(_, .in, let list)? = parsed.first else {
                throw failure(value, "expecting one list in parentheses")
            }
            condition = .condition(column: column, operator: .in, value: list)
        case .is:
            switch operand.lowercased() {
            case "null", "unknown": condition = .condition(column: column, operator: .is, value: .null)
            case "true": condition = .condition(column: column, operator: .is, value: .bool(true))
            case "false": condition = .condition(column: column, operator: .is, value: .bool(false))
            case "not_null":
                let isNull = Filter.condition(column: column, operator: .is, value: .null)
                return negated ? isNull : .not(isNull)
            default: throw failure(value, "expecting null, not_null, true, false or unknown")
            }
        default:
            condition = .condition(column: column, operator: op, value: .string(operand))
        }
        return negated ? .not(condition) : condition
    }

    /// The tree `key=value` means: `or=(a.eq.1,b.eq.2)` is `.or([…])`, `not.and=(…)` is `.not(.and([…]))`.
    static func logicTree(_ key: String, _ value: String) async throws(DatabaseError) -> Filter {
        guard value.hasPrefix("(") else {
            throw QueryParameters.failure("failed to parse logic tree (\(value))", "expecting \"(\"")
        }
        let members = try await parse(key + value, failing: nil)
        guard members.count == 1, let tree = members.first else {
            throw QueryParameters.failure("failed to parse logic tree (\(value))", "unexpected text after \")\"")
        }
        return tree
    }

    /// Runs `LogicTreeParser` on `text` through the builder's public `or(_:)` (the parser is internal to FitCore):
    /// a parse error leaves the query unchanged and is thrown by `executeRaw()`, before any client is asked.
    /// An error is reported for `filterText` when given, else as the parser words it.
    private static func parse(_ text: String, failing filterText: String?) async throws(DatabaseError) -> [Filter] {
        let builder = ParseOnlyClient().from("_").select().or(text)
        if case .or(let members)? = builder.query.filters.last { return members }
        var parseError = DatabaseError(code: "PGRST100", message: "\"failed to parse logic tree (\(text))\"")
        do { _ = try await builder.executeRaw() } catch let error as DatabaseError { parseError = error } catch {}
        guard let filterText else { throw parseError }
        throw failure(filterText, parseError.details ?? parseError.message)
    }

    private static func failure(_ filter: String, _ details: String) -> DatabaseError {
        QueryParameters.failure("failed to parse filter (\(filter))", details)
    }
}

/// A client that only builds queries, for the decoder to reach the builder's parser; it never runs one.
private struct ParseOnlyClient: DatabaseClient {
    var role: DatabaseRole { .service }
    func acting(as role: DatabaseRole) -> ParseOnlyClient { self }
    func run(_ query: DatabaseQuery) async throws -> RawResponse { throw CancellationError() }
}
