import FitCore
import Foundation

/// The query string of a request, read as PostgREST reads it: pairs split at `&` and `;`, `+` a space, then
/// percent-decoded (pairs without `=` are ignored); `select`, `columns`, `on_conflict`, `order`, `limit`, `offset`
/// (the first of each counts), the logic trees `or`, `and`, `not.or`, `not.and`, and every other pair a filter
/// (or, for a function read with `GET`, an argument when its value has no operator). `apikey` is the gateway's.
struct QueryParameters: Sendable {
    /// `select=`: `nil` for every column.
    var columns: [SelectedColumn]?
    /// `columns=`: the body keys to write.
    var bodyColumns: [String]?
    var onConflict: [String]?
    var order: [OrderTerm] = []
    var limit: Int?
    var offset: Int?
    var filters: [Filter] = []
    /// `studios.name=eq.x`, `studios.or=(…)`, `studios.order=…`, `studios.limit=`, `studios.offset=`: an embedded
    /// resource's options, by path.
    var referencedTables: [String: ReferencedTableOptions] = [:]
    /// A `GET` function call's arguments, as text.
    var arguments: [String: JSONValue] = [:]

    init(_ queryString: Substring, isFunctionRead: Bool) async throws(DatabaseError) {
        var seen: Set<String> = []
        for (key, value) in try Self.pairs(queryString) {
            guard
                seen.insert(key).inserted
                    || !["select", "columns", "on_conflict", "order", "limit", "offset"].contains(key)
            else { continue }
            switch key {
            case "apikey": continue
            case "select": columns = try SelectedColumn.list(value)
            case "columns": bodyColumns = try Self.names(value, parameter: "columns")
            case "on_conflict": onConflict = try Self.names(value, parameter: "on_conflict")
            case "order": order = try Self.order(value)
            case "limit":
                limit = try Self.integer(value, parameter: "limit")
                if let limit, limit < 0 {
                    throw DatabaseError(
                        code: "PGRST103", message: "Requested range not satisfiable",
                        details: "Limit should be greater than or equal to zero.")
                }
            case "offset": offset = try Self.integer(value, parameter: "offset")
            case "or", "and", "not.or", "not.and": filters.append(try await FilterDecoder.logicTree(key, value))
            case _ where key.contains(".") && !key.hasPrefix("\"") && !isFunctionRead:
                let dot = key.lastIndex(of: ".")!
                let path = String(key[..<dot])
                let last = String(key[key.index(after: dot)...])
                var options = referencedTables[path] ?? ReferencedTableOptions()
                switch last {
                case "order": options.order = try Self.order(value)
                case "limit": options.limit = try Self.integer(value, parameter: "limit")
                case "offset": options.offset = try Self.integer(value, parameter: "offset")
                case "or", "and": options.filters.append(try await FilterDecoder.logicTree(last, value))
                default: options.filters.append(try await FilterDecoder.filter(last, value))
                }
                referencedTables[path] = options
            default:
                if isFunctionRead, !FilterDecoder.hasOperator(value) {
                    arguments[key] = .string(value)
                } else {
                    filters.append(try await FilterDecoder.filter(key, value))
                }
            }
        }
    }

    private static func pairs(_ queryString: Substring) throws(DatabaseError) -> [(String, String)] {
        var pairs: [(String, String)] = []
        for item in queryString.split(whereSeparator: { $0 == "&" || $0 == ";" }) {
            guard let equals = item.firstIndex(of: "=") else { continue }
            pairs.append((try decoded(item[..<equals]), try decoded(item[item.index(after: equals)...])))
        }
        return pairs
    }

    private static func decoded(_ text: Substring) throws(DatabaseError) -> String {
        guard let value = text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding else {
            throw failure("failed to parse query string (\(text))", "malformed percent-encoding")
        }
        return value
    }

    private static func names(_ text: String, parameter: String) throws(DatabaseError) -> [String] {
        var names: [String] = []
        for item in FieldName.split(text, at: ",") { names.append(try FieldName.column(item, parameter: parameter)) }
        return names
    }

    private static func integer(_ text: String, parameter: String) throws(DatabaseError) -> Int {
        guard let value = Int(text), parameter == "limit" || value >= 0 else {
            throw failure("failed to parse \(parameter) (\(text))", "expecting a non-negative integer")
        }
        return value
    }

    /// `order=a.desc.nullslast,b`: column, optional `asc`/`desc`, optional `nullsfirst`/`nullslast`.
    private static func order(_ text: String) throws(DatabaseError) -> [OrderTerm] {
        var terms: [OrderTerm] = []
        for term in FieldName.split(text, at: ",") {
            var parts = FieldName.split(term, at: ".").map { $0.trimmingCharacters(in: .whitespaces) }
            let column = try FieldName.column(parts.removeFirst(), parameter: "order")
            var ascending = true
            var nullsFirst: Bool?
            if let direction = parts.first, direction == "asc" || direction == "desc" {
                ascending = direction == "asc"
                parts.removeFirst()
            }
            if let nulls = parts.first, nulls == "nullsfirst" || nulls == "nullslast" {
                nullsFirst = nulls == "nullsfirst"
                parts.removeFirst()
            }
            guard parts.isEmpty else {
                throw failure(
                    "failed to parse order (\(text))",
                    "unexpected \"\(parts.joined(separator: "."))\" expecting \"asc\", \"desc\", \"nullsfirst\" or \"nullslast\""
                )
            }
            terms.append(OrderTerm(column: column, ascending: ascending, nullsFirst: nullsFirst))
        }
        return terms
    }

    static func failure(_ message: String, _ details: String) -> DatabaseError {
        DatabaseError(code: "PGRST100", message: "\"\(message)\" (line 1, column 1)", details: details)
    }
}

/// Column names in the query string: plain names (letters, digits, `_`, `$`, spaces, `-`) or double-quoted names
/// with `\` escapes. Embedded resources, aliases, casts, JSON paths and aggregates are not supported.
enum FieldName {
    /// `text` split at `separator` where it is not inside double quotes.
    static func split(_ text: some StringProtocol, at separator: Character) -> [Substring] {
        let text = Substring(text)
        var parts: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        var quoted = false
        while index < text.endIndex {
            let character = text[index]
            if quoted, character == "\\", text.index(after: index) < text.endIndex {
                index = text.index(after: index)
            } else if character == "\"" {
                quoted.toggle()
            } else if !quoted, character == separator {
                parts.append(text[start..<index])
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        parts.append(text[start...])
        return parts
    }

    /// The column `text` names, unquoted and trimmed.
    static func column(_ text: some StringProtocol, parameter: String) throws(DatabaseError) -> String {
        let name = text.trimmingCharacters(in: .whitespaces)
        if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") {
            var unquoted = ""
            var escaped = false
            for character in name.dropFirst().dropLast() {
                if !escaped, character == "\\" {
                    escaped = true
                } else {
                    unquoted.append(character)
                    escaped = false
                }
            }
            return unquoted
        }
        let plain = name.allSatisfy { $0.isLetter || $0.isNumber || "_$ -".contains($0) }
        guard !name.isEmpty, plain else {
            throw QueryParameters.failure(
                "failed to parse \(parameter) (\(text))",
                "the test server reads plain column names only (no embedding, alias, cast, JSON path or aggregate)")
        }
        return name
    }
}
