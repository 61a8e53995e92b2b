import FitCore

/// PostgreSQL's full-text search for the `simple` configuration: `to_tsvector('simple', text)` and the four ways
/// of reading a query (`to_tsquery`, `plainto_tsquery`, `phraseto_tsquery`, `websearch_to_tsquery`).
///
/// Tokens: maximal runs of letters and digits, lower-cased, numbered from 1; everything else separates them. This is
/// exactly PostgreSQL's default parser on words and numbers separated by spaces and punctuation (`_` and `%`
/// included). Known limit: PostgreSQL's parser reads some runs joined by `-`, `.`, `@`, `/`, `:` or `+` as one
/// special token as well (hyphenated words give the whole word and each part, e-mail addresses, host names, URLs,
/// file paths, decimals and version numbers stay whole), which this tokenizer splits into their runs.
/// Query weights (`:A`) are refused with `0A000`, as is `!` inside a phrase (`!a <-> b`).
enum TextSearchEngine {
    /// A `tsvector`: each lexeme's positions.
    typealias Vector = [String: [Int]]

    indirect enum Query: Sendable {
        case word(String, prefix: Bool)
        case not(Query)
        case and(Query, Query)
        case or(Query, Query)
        case phrase(Query, Query, distance: Int)
    }

    /// The lower-cased letter-and-digit runs of `text`.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current).lowercased())
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current).lowercased()) }
        return words
    }

    /// `to_tsvector('simple', text)`.
    static func vector(_ text: String) -> Vector {
        var vector: Vector = [:]
        for (index, word) in words(text).enumerated() { vector[word, default: []].append(index + 1) }
        return vector
    }

    /// Whether the vector matches the query (`@@`); `nil` query (no lexemes) matches nothing.
    static func matches(_ query: Query, _ vector: Vector) -> Bool {
        switch query {
        case .word, .phrase: !positions(query, vector).isEmpty
        case .not(let inner): !matches(inner, vector)
        case .and(let l, let r): matches(l, vector) && matches(r, vector)
        case .or(let l, let r): matches(l, vector) || matches(r, vector)
        }
    }

    /// The positions at which the query's match ends, for phrases (`!` never occurs here: refused when parsed).
    private static func positions(_ query: Query, _ vector: Vector) -> Set<Int> {
        switch query {
        case .word(let word, let prefix):
            guard prefix else { return Set(vector[word] ?? []) }
            return Set(vector.filter { $0.key.hasPrefix(word) }.flatMap(\.value))
        case .not: return []
        case .and(let l, let r):
            let (a, b) = (positions(l, vector), positions(r, vector))
            return a.isEmpty || b.isEmpty ? [] : a.union(b)
        case .or(let l, let r): return positions(l, vector).union(positions(r, vector))
        case .phrase(let l, let r, let distance):
            let left = positions(l, vector)
            return positions(r, vector).filter { left.contains($0 - distance) }
        }
    }

    private static func chain(_ words: [String], prefix: Bool = false, phrase: Bool) -> Query? {
        var result: Query?
        for word in words {
            let item = Query.word(word, prefix: prefix)
            result = result.map { phrase ? .phrase($0, item, distance: 1) : .and($0, item) } ?? item
        }
        return result
    }

    /// `plainto_tsquery('simple', text)`: the AND of its words.
    static func plain(_ text: String) -> Query? { chain(words(text), phrase: false) }

    /// `phraseto_tsquery('simple', text)`: its words at adjacent positions.
    static func phrase(_ text: String) -> Query? { chain(words(text), phrase: true) }

    /// `websearch_to_tsquery('simple', text)`: `"quoted phrases"`, `or`, `-word`; other words ANDed. `or` binds
    /// more loosely than the implicit AND, as in PostgreSQL.
    static func websearch(_ text: String) -> Query? {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        // An alternation of conjunctions.
        var alternatives: [Query] = []
        var conjunction: Query?
        var pendingOr = false
        func isWordScalar(_ s: Unicode.Scalar) -> Bool {
            s.properties.isAlphabetic || s.properties.numericType == .decimal
        }
        func add(_ item: Query) {
            if pendingOr, let current = conjunction {
                alternatives.append(current)
                conjunction = nil
            }
            pendingOr = false
            conjunction = conjunction.map { .and($0, item) } ?? item
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\"" {
                var end = index + 1
                while end < scalars.count, scalars[end] != "\"" { end += 1 }
                if let item = phrase(String(String.UnicodeScalarView(scalars[(index + 1)..<end]))) { add(item) }
                index = end + 1
                continue
            }
            let negated = scalar == "-" && index + 1 < scalars.count && isWordScalar(scalars[index + 1])
            if negated || isWordScalar(scalar) {
                var end = negated ? index + 1 : index
                while end < scalars.count, !scalars[end].properties.isWhitespace, scalars[end] != "\"" { end += 1 }
                let word = String(String.UnicodeScalarView(scalars[(negated ? index + 1 : index)..<end]))
                index = end
                if !negated, word.lowercased() == "or", conjunction != nil {
                    pendingOr = true
                    continue
                }
                if let item = phrase(word) { add(negated ? .not(item) : item) }
                continue
            }
            index += 1
        }
        if let conjunction { alternatives.append(conjunction) }
        return alternatives.dropFirst().reduce(alternatives.first) { result, next in result.map { .or($0, next) } }
    }

    /// `to_tsquery('simple', text)`: operands, `&`, `|`, `!`, `<->`, `<N>`, parentheses and `:*`.
    static func tsquery(_ text: String) throws(DatabaseError) -> Query? {
        var parser = TSQueryParser(text: text)
        let query = try parser.parseOr()
        guard parser.atEnd else { throw parser.syntaxError() }
        if let query { try refuseNegatedPhrase(query, insidePhrase: false) }
        return query
    }

    private static func refuseNegatedPhrase(_ query: Query, insidePhrase: Bool) throws(DatabaseError) {
        switch query {
        case .word: return
        case .not(let inner):
            if insidePhrase {
                throw DatabaseError(
                    code: "0A000", message: "a negation inside a phrase (!a <-> b) is not supported in memory")
            }
            try refuseNegatedPhrase(inner, insidePhrase: insidePhrase)
        case .and(let l, let r), .or(let l, let r):
            try refuseNegatedPhrase(l, insidePhrase: insidePhrase)
            try refuseNegatedPhrase(r, insidePhrase: insidePhrase)
        case .phrase(let l, let r, _):
            try refuseNegatedPhrase(l, insidePhrase: true)
            try refuseNegatedPhrase(r, insidePhrase: true)
        }
    }
}

/// `to_tsquery`'s grammar, with its precedence: `!` binds tightest, then `<->`, then `&`, then `|`. An operand
/// without lexemes (only punctuation) drops out, as PostgreSQL drops stop words.
private struct TSQueryParser {
    let text: String
    let scalars: [Unicode.Scalar]
    var position = 0

    init(text: String) {
        self.text = text
        scalars = Array(text.unicodeScalars)
    }

    var atEnd: Bool {
        mutating get {
            skipSpace()
            return position == scalars.count
        }
    }

    func syntaxError() -> DatabaseError {
        DatabaseError(code: "42601", message: "syntax error in tsquery: \"\(text)\"")
    }

    mutating func skipSpace() {
        while position < scalars.count, scalars[position].properties.isWhitespace { position += 1 }
    }

    mutating func peek(_ symbol: Unicode.Scalar) -> Bool {
        skipSpace()
        return position < scalars.count && scalars[position] == symbol
    }

    mutating func parseOr() throws(DatabaseError) -> TextSearchEngine.Query? {
        var left = try parseAnd()
        while peek("|") {
            position += 1
            let right = try parseAnd()
            left = combine(left, right) { .or($0, $1) }
        }
        return left
    }

    mutating func parseAnd() throws(DatabaseError) -> TextSearchEngine.Query? {
        var left = try parsePhrase()
        while peek("&") {
            position += 1
            let right = try parsePhrase()
            left = combine(left, right) { .and($0, $1) }
        }
        return left
    }

    mutating func parsePhrase() throws(DatabaseError) -> TextSearchEngine.Query? {
        var left = try parseUnary()
        while peek("<") {
            position += 1
            var distance = 1
            if position < scalars.count, scalars[position] == "-" {
                position += 1
            } else {
                var digits = ""
                while position < scalars.count, ("0"..."9").contains(scalars[position]) {
                    digits.unicodeScalars.append(scalars[position])
                    position += 1
                }
                guard let number = Int(digits) else { throw syntaxError() }
                distance = number
            }
            guard position < scalars.count, scalars[position] == ">" else { throw syntaxError() }
            position += 1
            let right = try parseUnary()
            left = combine(left, right) { .phrase($0, $1, distance: distance) }
        }
        return left
    }

    mutating func parseUnary() throws(DatabaseError) -> TextSearchEngine.Query? {
        if peek("!") {
            position += 1
            return try parseUnary().map { .not($0) }
        }
        if peek("(") {
            position += 1
            let inner = try parseOr()
            guard peek(")") else { throw syntaxError() }
            position += 1
            return inner
        }
        skipSpace()
        let operators: Set<Unicode.Scalar> = ["&", "|", "!", "(", ")", "<", ":"]
        let start = position
        while position < scalars.count, !scalars[position].properties.isWhitespace,
            !operators.contains(scalars[position])
        {
            position += 1
        }
        guard position > start else { throw syntaxError() }
        let operand = String(String.UnicodeScalarView(scalars[start..<position]))
        var prefix = false
        if position < scalars.count, scalars[position] == ":" {
            position += 1
            while position < scalars.count, !scalars[position].properties.isWhitespace,
                !operators.contains(scalars[position])
            {
                if scalars[position] == "*" {
                    prefix = true
                } else {
                    throw DatabaseError(
                        code: "0A000", message: "text search weights (\":A\") are not supported in memory")
                }
                position += 1
            }
        }
        var result: TextSearchEngine.Query?
        for word in TextSearchEngine.words(operand) {
            let item = TextSearchEngine.Query.word(word, prefix: prefix)
            result = result.map { .phrase($0, item, distance: 1) } ?? item
        }
        return result
    }

    private func combine(
        _ left: TextSearchEngine.Query?, _ right: TextSearchEngine.Query?,
        _ make: (TextSearchEngine.Query, TextSearchEngine.Query) -> TextSearchEngine.Query
    ) -> TextSearchEngine.Query? {
        guard let left else { return right }
        guard let right else { return left }
        return make(left, right)
    }
}

extension RowPredicate {
    /// `to_tsvector(config, column) @@ <op>(config, query)`: only the `simple` configuration, on text columns.
    static func textSearch(position p: Int, type: ColumnType, op: FilterOperator, literal: QueryValue)
        throws(DatabaseError) -> RowPredicate
    {
        guard let search = TextSearchOperand(literal) else { return RowPredicate { _ in nil } }
        let config = try search.checkedConfig()
        guard type == .text else {
            throw DatabaseError(
                code: "42883",
                message: "function to_tsvector(\(config == nil ? "" : "regconfig, ")\(type.rawValue)) does not exist",
                hint:
                    "No function matches the given name and argument types. You might need to add explicit type casts.")
        }
        guard config == "simple" else {
            throw DatabaseError(
                code: "0A000",
                message:
                    "text search configuration \"\(config ?? "english")\" is not supported in memory (only \"simple\")",
                hint: "Name the configuration: textSearch(_:query:config: \"simple\").")
        }
        let query: TextSearchEngine.Query? =
            switch op {
            case .plfts: TextSearchEngine.plain(search.query)
            case .phfts: TextSearchEngine.phrase(search.query)
            case .wfts: TextSearchEngine.websearch(search.query)
            default: try TextSearchEngine.tsquery(search.query)
            }
        guard let query else {
            return RowPredicate { row in row[p] == .null ? nil : false }
        }
        return RowPredicate { row in
            guard case .text(let text) = row[p] else { return nil }
            return TextSearchEngine.matches(query, TextSearchEngine.vector(text))
        }
    }
}
