extension DatabaseQuery: CustomStringConvertible {
    /// The query in PostgREST's URL shape, e.g.
    /// `GET /available_books?select=*&book_id=eq.…&limit=1 (single)`. For logs and failure messages.
    public var description: String {
        var parts: [String] = []
        if let columns {
            parts.append("select=" + columns.map(\.description).joined(separator: ","))
        } else if operation == .select || (isWrite && operation != .rpc && returning == .representation) {
            parts.append("select=*")
        }
        // Filters as FitSupabase sends them (values quoted as PostgREST reads them), without percent-encoding.
        for filter in filters {
            let (name, value) = PostgRESTSyntax.parameter(filter)
            parts.append("\(name)=\(value)")
        }
        if !order.isEmpty { parts.append("order=" + Self.orderText(order)) }
        if let limit { parts.append("limit=\(limit)") }
        if let offset { parts.append("offset=\(offset)") }
        for (path, options) in referencedTables.sorted(by: { $0.key < $1.key }) {
            for filter in options.filters {
                let (name, value) = PostgRESTSyntax.parameter(filter)
                parts.append("\(path).\(name)=\(value)")
            }
            if !options.order.isEmpty { parts.append("\(path).order=" + Self.orderText(options.order)) }
            if let limit = options.limit { parts.append("\(path).limit=\(limit)") }
            if let offset = options.offset { parts.append("\(path).offset=\(offset)") }
        }
        if case .upsert(let onConflict?, _) = operation {
            parts.append("on_conflict=" + onConflict.joined(separator: ","))
        }
        if case .array(let rows)? = body, operation == .insert || isUpsert {
            parts.append("columns=" + PostgRESTSyntax.columnList(Self.unionOfKeys(rows)))
        }

        let method: String
        let path: String
        switch operation {
        case .select:
            method = head ? "HEAD" : "GET"
            path = "/\(target)"
        case .insert, .upsert:
            method = "POST"
            path = "/\(target)"
        case .update:
            method = "PATCH"
            path = "/\(target)"
        case .delete:
            method = "DELETE"
            path = "/\(target)"
        case .rpc where isReadOnly:
            // Sent as `GET` (or `HEAD`) with the arguments in the URL.
            method = head ? "HEAD" : "GET"
            path = "/rpc/\(target)"
            for (name, value) in (body?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
                parts.append("\(name)=" + PostgRESTSyntax.argumentText(value))
            }
        case .rpc:
            method = "POST"
            path = "/rpc/\(target)"
        }
        var text = "\(method) \(path)"
        if !parts.isEmpty { text += "?" + parts.joined(separator: "&") }
        switch cardinality {
        case .many: break
        case .single: text += " (single)"
        case .maybeSingle: text += " (maybeSingle)"
        }
        if !preferences.isEmpty { text += " Prefer: " + preferences.joined(separator: ",") }
        if let body, !(operation == .rpc && isReadOnly) {
            text += " body=" + String(decoding: JSONWriter.data(body), as: UTF8.self)
        }
        return text
    }

    /// What the request asks of the server besides its URL and body, as PostgREST's `Prefer` header says it:
    /// `resolution=merge-duplicates`, `return=representation`, `count=exact`, `missing=default`.
    public var preferences: [String] {
        var preferences: [String] = []
        if case .upsert(_, let ignoreDuplicates) = operation {
            preferences.append("resolution=\(ignoreDuplicates ? "ignore" : "merge")-duplicates")
        }
        if isWrite && operation != .rpc {
            preferences.append("return=\(returning == .representation ? "representation" : "minimal")")
        }
        if let count { preferences.append("count=\(count.rawValue)") }
        if !defaultToNull, case .array? = body { preferences.append("missing=default") }
        return preferences
    }

    /// `starts_at.asc.nullslast,name.desc.nullsfirst`: PostgREST's `order=` value.
    ///
    /// - Parameter terms: The ORDER BY terms.
    /// - Returns: The terms as PostgREST reads them, comma-separated.
    public static func orderText(_ terms: [OrderTerm]) -> String {
        terms.map { term in
            "\(term.column).\(term.ascending ? "asc" : "desc").\(term.nullsFirst ? "nullsfirst" : "nullslast")"
        }.joined(separator: ",")
    }

    private var isUpsert: Bool {
        if case .upsert = operation { true } else { false }
    }

    /// Every key any row names, sorted: the `columns=` supabase-swift sends with a bulk insert or upsert.
    ///
    /// - Parameter rows: The rows of a write's body (objects; anything else is skipped).
    /// - Returns: The keys, each once, in sorted order.
    public static func unionOfKeys(_ rows: [JSONValue]) -> [String] {
        var keys: Set<String> = []
        for case .object(let fields) in rows { keys.formUnion(fields.keys) }
        return keys.sorted()
    }
}
