extension DatabaseQuery: CustomStringConvertible {
    /// The query in PostgREST's URL shape, e.g.
    /// `GET /bookable_sessions?select=*&session_id=eq.…&limit=1 (single)`. For logs and failure messages.
    public var description: String {
        var parts: [String] = []
        if let columns {
            parts.append("select=" + columns.joined(separator: ","))
        } else if operation == .select {
            parts.append("select=*")
        }
        for filter in filters {
            switch filter {
            case .condition(let column, let op, let value):
                parts.append("\(column)=\(op.rawValue).\(op.text(of: value))")
            case .not(.condition(let column, let op, let value)):
                parts.append("\(column)=not.\(op.rawValue).\(op.text(of: value))")
            case .or(let members): parts.append("or=(" + members.map(\.description).joined(separator: ",") + ")")
            case .and(let members): parts.append("and=(" + members.map(\.description).joined(separator: ",") + ")")
            case .not(let inner): parts.append("not.\(inner)")
            }
        }
        if !order.isEmpty {
            parts.append(
                "order="
                    + order.map { term in
                        "\(term.column).\(term.ascending ? "asc" : "desc").\(term.nullsFirst ? "nullsfirst" : "nullslast")"
                    }.joined(separator: ","))
        }
        if let limit { parts.append("limit=\(limit)") }
        if let offset { parts.append("offset=\(offset)") }
        if case .upsert(let onConflict?, _) = operation {
            parts.append("on_conflict=" + onConflict.joined(separator: ","))
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
        if let count { text += " count=\(count.rawValue)" }
        if let body { text += " body=" + String(decoding: JSONWriter.data(body), as: UTF8.self) }
        return text
    }
}
