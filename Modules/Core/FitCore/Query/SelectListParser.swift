/// Reads PostgREST's select list (`"id, title:name, starts_at::text"`) the way supabase-swift sends it and
/// PostgREST reads it: whitespace outside double quotes is dropped (so a multi-line `select("""…""")` works),
/// items are separated by commas, `alias:column` renames, `column::type` casts, and a double-quoted name keeps its
/// spaces and commas and loses its quotes (`\"` and `\\` escape inside them).
///
/// Works on Unicode scalars, as PostgREST reads the text: a comma followed by a combining mark is one `Character`
/// but still a comma.
enum SelectListParser {
    /// How deep embeddings may nest (`a(b(c(…)))`); deeper lists are refused before any backend recurses into them.
    static let maximumEmbeddingDepth = 16

    /// The items of `text`; `nil` when it asks for every column and nothing else (`*`, or nothing at all).
    ///
    /// - Throws: `PGRST100` when an item does not parse (an unterminated quote, an empty name, a cast that is not a
    ///   type name) or asks for an embedded resource (`studio:studios(name)`).
    static func parse(_ text: String) throws(DatabaseError) -> [SelectedColumn]? {
        var items: [SelectedColumn] = []
        for item in try split(text) {
            items.append(try column(item, in: text))
        }
        if items.isEmpty || items == ["*"] { return nil }
        return items
    }

    /// Comma-separated names, as `upsert(onConflict:)` takes them: trimmed, empty ones dropped.
    static func names(_ text: String) -> [String]? {
        let names = text.unicodeScalars.split(separator: ",").map { String(Substring($0)) }
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return names.isEmpty ? nil : names
    }

    /// One item's scalars, whitespace outside quotes removed; empty items (`a,,b`, a trailing comma) are dropped.
    /// Commas inside an embedding's parentheses belong to it.
    private static func split(_ text: String) throws(DatabaseError) -> [[Unicode.Scalar]] {
        try split(Array(text.unicodeScalars), in: text)
    }

    private static func split(_ scalars: [Unicode.Scalar], in text: String) throws(DatabaseError) -> [[Unicode.Scalar]]
    {
        var items: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        var quoted = false
        var escaped = false
        var depth = 0
        for scalar in scalars {
            if quoted {
                current.append(scalar)
                if escaped {
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == "\"" {
                    quoted = false
                }
                continue
            }
            if scalar.properties.isWhitespace { continue }
            if scalar == "," && depth == 0 {
                if !current.isEmpty { items.append(current) }
                current = []
                continue
            }
            if scalar == "(" {
                depth += 1
                guard depth <= maximumEmbeddingDepth else {
                    throw failure(text, "embeddings nested deeper than \(maximumEmbeddingDepth) levels")
                }
            }
            if scalar == ")" {
                depth -= 1
                guard depth >= 0 else { throw failure(text, "an unmatched \")\"") }
            }
            if scalar == "\"" { quoted = true }
            current.append(scalar)
        }
        if quoted { throw failure(text, "an unterminated double quote") }
        if depth != 0 { throw failure(text, "an unclosed \"(\"") }
        if !current.isEmpty { items.append(current) }
        return items
    }

    /// `alias:name::cast`, each name plain or double-quoted.
    private static func column(_ scalars: [Unicode.Scalar], in text: String) throws(DatabaseError) -> SelectedColumn {
        var reader = Reader(scalars: scalars)
        var name = try reader.name(in: text)
        var alias: String?
        if reader.peek == ":" && reader.peek(1) != ":" {
            reader.advance()
            alias = name
            name = try reader.name(in: text)
        }
        var cast: String?
        if reader.peek == ":" && reader.peek(1) == ":" {
            reader.advance(2)
            let type = reader.rest
            guard !type.isEmpty,
                type.unicodeScalars.allSatisfy({
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
                })
            else {
                throw failure(text, "a cast to \(type.isEmpty ? "nothing" : "\"\(type)\""), which is not a type name")
            }
            cast = type.lowercased()
            reader.advance(scalars.count)
        }
        if reader.peek == "(" || reader.peek == "!" {
            guard cast == nil else { throw failure(text, "a cast before an embedding") }
            var embedding = EmbeddedResource()
            while reader.peek == "!" {
                reader.advance()
                let word = try reader.name(in: text)
                switch word {
                case "inner": embedding.isInner = true
                case "left": embedding.isInner = false
                default:
                    guard embedding.hint == nil else { throw failure(text, "two hints on \"\(name)\"") }
                    embedding.hint = word
                }
            }
            guard reader.peek == "(", scalars.last == ")" else {
                throw failure(text, "an embedding of \"\(name)\" without its (columns)")
            }
            let inner = Array(scalars[(reader.index + 1)..<(scalars.count - 1)])
            var columns: [SelectedColumn] = []
            for item in try split(inner, in: text) { columns.append(try column(item, in: text)) }
            embedding.columns = columns.isEmpty || columns == ["*"] ? nil : columns
            return SelectedColumn(name, alias: alias, embedding: embedding)
        }
        if name.contains("->") {
            throw failure(text, "\"\(name)\" is a JSON path (-> or ->>), which FitKit does not read")
        }
        guard reader.isAtEnd else {
            throw failure(text, "unexpected \"\(reader.rest)\" after \"\(alias.map { $0 + ":" } ?? "")\(name)\"")
        }
        if name == "*" && (alias != nil || cast != nil) { throw failure(text, "\"*\" cannot be renamed or cast") }
        return SelectedColumn(name, alias: alias, cast: cast)
    }

    private static func failure(_ text: String, _ details: String) -> DatabaseError {
        DatabaseError(code: "PGRST100", message: "\"failed to parse select parameter (\(text))\"", details: details)
    }

    /// A cursor over one item's scalars.
    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0

        var isAtEnd: Bool { index >= scalars.count }
        var peek: Unicode.Scalar? { peek(0) }
        func peek(_ offset: Int) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }
        mutating func advance(_ count: Int = 1) { index += count }
        var rest: String { String(String.UnicodeScalarView(scalars[min(index, scalars.count)...])) }

        /// A double-quoted name (quotes removed, escapes resolved) or a plain one up to `:`, `(` or `!`.
        mutating func name(in text: String) throws(DatabaseError) -> String {
            var name = String.UnicodeScalarView()
            if peek == "\"" {
                advance()
                while let scalar = peek {
                    advance()
                    if scalar == "\\", let next = peek {
                        name.append(next)
                        advance()
                    } else if scalar == "\"" {
                        // PostgreSQL has no zero-length identifier (`""`).
                        guard !name.isEmpty else { throw SelectListParser.failure(text, "an empty quoted name") }
                        return String(name)
                    } else {
                        name.append(scalar)
                    }
                }
                throw SelectListParser.failure(text, "an unterminated double quote")
            }
            while let scalar = peek, scalar != ":", scalar != "(", scalar != "!" {
                // PostgREST reads a quote only at the start of a name: `some"column"` does not parse.
                if scalar == "\"" { throw SelectListParser.failure(text, "a double quote inside a name") }
                name.append(scalar)
                advance()
            }
            guard !name.isEmpty else { throw SelectListParser.failure(text, "an empty column name") }
            return String(name)
        }
    }
}
