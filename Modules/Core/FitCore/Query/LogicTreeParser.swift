/// Parses PostgREST's logic-tree text, as passed to `or(_:)`: `age.lt.18,and(name.ilike.*ann*,active.is.true)`.
///
/// Values stay text (`QueryValue.string`) and are cast to the column's type by the backend, as PostgREST does;
/// `is` takes `null`, `true`, `false`; `fts(simple)` (and `plfts`, `phfts`, `wfts`) names a text search
/// configuration; `in` takes `(a,b,"c,d")`; `like(all)`, `cs` and the other array operators
/// take an array literal `{a,b}` (or JSON, `{"k":1}`), read as one value up to its closing brace. Double quotes
/// protect reserved characters (`,` `.` `(` `)`), with `\"` and `\\` as escapes.
///
/// The text is read as Unicode scalars, as PostgREST reads it (code points), not as `Character`s: a grapheme
/// cluster can join a delimiter to the character before it (U+0600, a "prepend" mark, followed by `,` is one
/// `Character`), which would hide the delimiter.
struct LogicTreeParser {
    private let scalars: [Unicode.Scalar]
    private var position = 0
    /// How many `and(` / `or(` groups enclose the current position.
    private var depth = 0

    private init(_ text: String) { scalars = Array(text.unicodeScalars) }

    /// The filters in `text`, or a `PGRST100` error naming what could not be read.
    static func parse(_ text: String) throws(DatabaseError) -> [Filter] {
        var parser = LogicTreeParser(text)
        let filters = try parser.parseList(closing: nil)
        guard parser.position == parser.scalars.count else { throw parser.failure("unexpected \"\(parser.rest)\"") }
        return filters
    }

    private var rest: String { Self.string(scalars[position...]) }

    private static func string(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    private func failure(_ reason: String) -> DatabaseError {
        DatabaseError(
            code: "PGRST100",
            message: "\"failed to parse logic tree ((\(Self.string(scalars))))\" (\(reason))",
            details: reason)
    }

    /// The tree, with the `or` the builder wraps it in, would nest deeper than ``Filter/maximumNesting``.
    private func tooDeep() -> DatabaseError {
        failure("and( / or( / not. nested more than \(Filter.maximumNesting - 1) levels deep")
    }

    private mutating func parseList(closing: Unicode.Scalar?) throws(DatabaseError) -> [Filter] {
        var items: [Filter] = []
        while true {
            items.append(try parseItem())
            guard position < scalars.count else { break }
            if scalars[position] == "," {
                position += 1
                continue
            }
            if let closing, scalars[position] == closing { break }
            throw failure("expected \",\" at \"\(rest)\"")
        }
        return items
    }

    private mutating func consume(_ prefix: String) -> Bool {
        let prefixScalars = Array(prefix.unicodeScalars)
        guard scalars[position...].starts(with: prefixScalars) else { return false }
        position += prefixScalars.count
        return true
    }

    private mutating func parseItem() throws(DatabaseError) -> Filter {
        let negated = consume("not.")
        for (keyword, combine) in [("and(", Filter.and), ("or(", Filter.or)] where consume(keyword) {
            // `or(…)` itself is one level, and a `not.` another: stay within Filter.maximumNesting.
            depth += negated ? 2 : 1
            guard depth < Filter.maximumNesting else { throw tooDeep() }
            defer { depth -= negated ? 2 : 1 }
            let members = try parseList(closing: ")")
            guard position < scalars.count, scalars[position] == ")" else { throw failure("missing \")\"") }
            position += 1
            return negated ? .not(combine(members)) : combine(members)
        }
        if negated { throw failure("\"not.\" must precede and( or or(") }
        let column = readWord()
        guard !column.isEmpty, consume(".") else { throw failure("expected column.operator.value at \"\(rest)\"") }
        let negatedOperator = consume("not.")
        // `column.not.op` is a `not` level of its own, below the groups around it and the builder's `or`.
        if negatedOperator, depth + 1 >= Filter.maximumNesting { throw tooDeep() }
        var operatorName = readWord()
        // `like(all)`, `ilike(any)`: a modifier in parentheses is part of the operator's name.
        if position < scalars.count, scalars[position] == "(" {
            let start = position
            while position < scalars.count, scalars[position] != ")" { position += 1 }
            if position < scalars.count { position += 1 }
            operatorName += Self.string(scalars[start..<position])
        }
        // `fts(simple)`: a full-text search's modifier is its configuration.
        var textSearchConfig: String?
        if FilterOperator(rawValue: operatorName) == nil, let open = operatorName.firstIndex(of: "("),
            operatorName.hasSuffix(")"), FilterOperator(rawValue: String(operatorName[..<open]))?.isTextSearch == true
        {
            textSearchConfig = String(
                operatorName[operatorName.index(after: open)..<operatorName.index(before: operatorName.endIndex)])
            operatorName = String(operatorName[..<open])
        }
        guard let op = FilterOperator(rawValue: operatorName), consume(".") else {
            throw failure("unknown operator \"\(operatorName)\"")
        }
        let value: QueryValue
        switch op {
        case .in:
            guard consume("(") else { throw failure("in needs a list in parentheses") }
            var values: [QueryValue] = []
            if !consume(")") {
                while true {
                    values.append(.string(try readValue(stoppingAt: [",", ")"])))
                    if consume(",") { continue }
                    guard consume(")") else { throw failure("missing \")\" after in-list") }
                    break
                }
            }
            value = .list(values)
        case .is:
            switch try readValue(stoppingAt: [",", ")"]).lowercased() {
            case "null": value = .null
            case "true": value = .bool(true)
            case "false": value = .bool(false)
            case let other: throw failure("is takes null, true or false, not \"\(other)\"")
            }
        case .fts, .plfts, .phfts, .wfts:
            let query = try readValue(stoppingAt: [",", ")"])
            value = TextSearchOperand(query: query, config: textSearchConfig).queryValue
        default:
            value = .string(try readValue(stoppingAt: [",", ")"]))
        }
        let condition = Filter.condition(column: column, operator: op, value: value)
        return negatedOperator ? .not(condition) : condition
    }

    private mutating func readWord() -> String {
        let start = position
        while position < scalars.count, scalars[position] != ".", scalars[position] != ",", scalars[position] != "(",
            scalars[position] != ")"
        {
            position += 1
        }
        return Self.string(scalars[start..<position])
    }

    private mutating func readValue(stoppingAt stops: Set<Unicode.Scalar>) throws(DatabaseError) -> String {
        if position < scalars.count, scalars[position] == "\"" {
            position += 1
            var value = String.UnicodeScalarView()
            while position < scalars.count {
                let scalar = scalars[position]
                if scalar == "\\", position + 1 < scalars.count {
                    value.append(scalars[position + 1])
                    position += 2
                } else if scalar == "\"" {
                    position += 1
                    return String(value)
                } else {
                    value.append(scalar)
                    position += 1
                }
            }
            throw failure("unterminated quoted value")
        }
        let start = position
        while position < scalars.count, !stops.contains(scalars[position]) {
            if scalars[position] == "{", let end = braceGroupEnd(from: position) {
                position = end
            } else {
                position += 1
            }
        }
        return Self.string(scalars[start..<position])
    }

    /// The position after the `}` closing the `{` at `start`, as PostgREST reads an array literal or JSON
    /// (`{a,b}`, `{"k":[1,2]}`) inside a logic tree: commas and parentheses within it are not delimiters, and
    /// double-quoted text (with `\` escapes) may hold braces. `nil` when nothing closes it: the `{` is plain text.
    private func braceGroupEnd(from start: Int) -> Int? {
        var depth = 0
        var index = start
        var quoted = false
        while index < scalars.count {
            let scalar = scalars[index]
            if quoted {
                if scalar == "\\" {
                    index += 1
                } else if scalar == "\"" {
                    quoted = false
                }
            } else if scalar == "\"" {
                quoted = true
            } else if scalar == "{" {
                depth += 1
            } else if scalar == "}" {
                depth -= 1
                if depth == 0 { return index + 1 }
            }
            index += 1
        }
        return nil
    }
}
