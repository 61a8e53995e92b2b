/// Parses PostgREST's logic-tree text, as passed to `or(_:)`: `age.lt.18,and(name.ilike.*ann*,active.is.true)`.
///
/// Values stay text (`QueryValue.string`) and are cast to the column's type by the backend, as PostgREST does;
/// `is` takes `null`, `true`, `false`; `in` takes `(a,b,"c,d")`. Double quotes protect reserved characters
/// (`,` `.` `(` `)`), with `\"` and `\\` as escapes.
struct LogicTreeParser {
    private let characters: [Character]
    private var position = 0
    /// How many `and(` / `or(` groups enclose the current position.
    private var depth = 0

    private init(_ text: String) { characters = Array(text) }

    /// The filters in `text`, or a `PGRST100` error naming what could not be read.
    static func parse(_ text: String) throws(DatabaseError) -> [Filter] {
        var parser = LogicTreeParser(text)
        let filters = try parser.parseList(closing: nil)
        guard parser.position == parser.characters.count else { throw parser.failure("unexpected \"\(parser.rest)\"") }
        return filters
    }

    private var rest: String { String(characters[position...]) }

    private func failure(_ reason: String) -> DatabaseError {
        DatabaseError(
            code: "PGRST100",
            message: "\"failed to parse logic tree ((\(String(characters))))\" (\(reason))",
            details: reason)
    }

    private mutating func parseList(closing: Character?) throws(DatabaseError) -> [Filter] {
        var items: [Filter] = []
        while true {
            items.append(try parseItem())
            guard position < characters.count else { break }
            if characters[position] == "," {
                position += 1
                continue
            }
            if let closing, characters[position] == closing { break }
            throw failure("expected \",\" at \"\(rest)\"")
        }
        return items
    }

    private mutating func consume(_ prefix: String) -> Bool {
        let prefixCharacters = Array(prefix)
        guard position + prefixCharacters.count <= characters.count,
            Array(characters[position..<position + prefixCharacters.count]) == prefixCharacters
        else { return false }
        position += prefixCharacters.count
        return true
    }

    private mutating func parseItem() throws(DatabaseError) -> Filter {
        let negated = consume("not.")
        for (keyword, combine) in [("and(", Filter.and), ("or(", Filter.or)] where consume(keyword) {
            // `or(…)` itself is one level, and a `not.` another: stay within Filter.maximumNesting.
            depth += negated ? 2 : 1
            guard depth < Filter.maximumNesting else {
                throw failure("and( / or( nested more than \(Filter.maximumNesting - 1) levels deep")
            }
            defer { depth -= negated ? 2 : 1 }
            let members = try parseList(closing: ")")
            guard position < characters.count, characters[position] == ")" else { throw failure("missing \")\"") }
            position += 1
            return negated ? .not(combine(members)) : combine(members)
        }
        if negated { throw failure("\"not.\" must precede and( or or(") }
        let column = readWord()
        guard !column.isEmpty, consume(".") else { throw failure("expected column.operator.value at \"\(rest)\"") }
        let negatedOperator = consume("not.")
        let operatorName = readWord()
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
        default:
            value = .string(try readValue(stoppingAt: [",", ")"]))
        }
        let condition = Filter.condition(column: column, operator: op, value: value)
        return negatedOperator ? .not(condition) : condition
    }

    private mutating func readWord() -> String {
        let start = position
        while position < characters.count, characters[position] != ".", characters[position] != ",",
            characters[position] != "(", characters[position] != ")"
        {
            position += 1
        }
        return String(characters[start..<position])
    }

    private mutating func readValue(stoppingAt stops: Set<Character>) throws(DatabaseError) -> String {
        if position < characters.count, characters[position] == "\"" {
            position += 1
            var value = ""
            while position < characters.count {
                let character = characters[position]
                if character == "\\", position + 1 < characters.count {
                    value.append(characters[position + 1])
                    position += 2
                } else if character == "\"" {
                    position += 1
                    return value
                } else {
                    value.append(character)
                    position += 1
                }
            }
            throw failure("unterminated quoted value")
        }
        let start = position
        while position < characters.count, !stops.contains(characters[position]) { position += 1 }
        return String(characters[start..<position])
    }
}
