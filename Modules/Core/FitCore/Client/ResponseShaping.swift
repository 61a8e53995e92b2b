import Foundation

/// What every backend does the same way to an answer, so they cannot differ: the schema check, a function's result
/// as the request asked for it (count, head, one row), and the body's format (CSV, stripped nulls).
package enum ResponseShaping {
    /// Throws `PGRST106` unless the query addresses the default schema.
    package static func checkSchema(_ query: DatabaseQuery) throws(DatabaseError) {
        guard let schema = query.schema, schema != "public" else { return }
        throw DatabaseError(
            code: "PGRST106", message: "Invalid schema: \(schema)",
            hint: "Only the following schemas are exposed: public")
    }

    /// A function's JSON result as the request asked for it: an array result is its rows (counted, and one of them
    /// for `single()`/`maybeSingle()`); any other result is one row; `head` keeps the count and drops the body.
    package static func functionResponse(_ result: JSONValue, for query: DatabaseQuery) throws(DatabaseError)
        -> RawResponse
    {
        let rows: [JSONValue]? = if case .array(let rows) = result { rows } else { nil }
        let count = query.count == nil ? nil : rows?.count ?? (result == .null ? 0 : 1)
        if query.head { return RawResponse(data: Data(), count: count) }
        var body = result
        if let rows {
            switch query.cardinality {
            case .many: break
            case .single:
                guard rows.count == 1 else { throw DatabaseError.singleRow(found: rows.count) }
                body = rows[0]
            case .maybeSingle:
                guard rows.count <= 1 else { throw DatabaseError.singleRow(found: rows.count) }
                body = rows.first ?? .null
            }
        }
        return RawResponse(data: JSONWriter.data(body), count: count)
    }

    /// The answer in the format the query asked for: `stripNulls()` removes `null` members of objects (recursively,
    /// as `json_strip_nulls` does); `csv()` writes the rows as CSV.
    package static func formatted(_ response: RawResponse, for query: DatabaseQuery) throws -> RawResponse {
        guard query.format != .json || query.stripsNulls, !response.data.isEmpty else { return response }
        var body = try JSONValue(json: response.data)
        if query.stripsNulls { body = strippingNulls(body) }
        var shaped = response
        switch query.format {
        case .json: shaped.data = JSONWriter.data(body)
        case .csv: shaped.data = Data(csv(body).utf8)
        }
        return shaped
    }

    private static func strippingNulls(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members): .object(members.filter { $0.value != .null }.mapValues(strippingNulls))
        case .array(let elements): .array(elements.map(strippingNulls))
        default: value
        }
    }

    /// Rows as CSV: the first row's keys (sorted when they come from a dictionary) as the header.
    private static func csv(_ body: JSONValue) -> String {
        let rows: [JSONValue] = if case .array(let rows) = body { rows } else { [body] }
        var columns: [String] = []
        for case .object(let members) in rows {
            for key in members.keys.sorted() where !columns.contains(key) { columns.append(key) }
        }
        var lines = [columns.map(field).joined(separator: ",")]
        for case .object(let members) in rows {
            lines.append(
                columns.map { column in
                    switch members[column] ?? .null {
                    case .null: ""
                    case .string(let text): field(text)
                    case .bool(let flag): flag ? "true" : "false"
                    case .number(let number): number.description
                    case let other: field(String(decoding: JSONWriter.data(other), as: UTF8.self))
                    }
                }.joined(separator: ","))
        }
        return lines.joined(separator: "\n")
    }

    private static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
