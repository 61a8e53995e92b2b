import FitCore
import Foundation

/// Turns a request in PostgREST's API (`/rest/v1/<table>` and `/rest/v1/rpc/<function>`: the URL grammar,
/// `Prefer`, `Accept`, `Range`, `Accept-Profile`/`Content-Profile` and the JSON body) into the ``DatabaseQuery``
/// it means. What cannot be read, or is not supported here, throws PostgREST's error for it (mostly `PGRST100`).
enum RequestDecoder {
    static func decode(_ request: RecordedRequest) async throws(DatabaseError) -> DatabaseQuery {
        let method = request.method.uppercased()
        let reads = method == "GET" || method == "HEAD"
        let pathEnd = request.target.firstIndex(of: "?") ?? request.target.endIndex
        let (target, isFunction) = try route(String(request.target[..<pathEnd]))
        if let profile = request.headers[reads ? "accept-profile" : "content-profile"], profile != "public" {
            throw DatabaseError(
                code: "PGRST106", message: "Invalid schema: \(profile)",
                hint: "Only the following schemas are exposed: public")
        }
        let preferences = try Preferences(header: request.headers["prefer"])
        let parameters = try await QueryParameters(
            request.target[pathEnd...].dropFirst(), isFunctionRead: isFunction && reads)
        var query = DatabaseQuery(
            target: target, operation: isFunction ? .rpc : .select, columns: parameters.columns,
            filters: parameters.filters, order: parameters.order, limit: parameters.limit, offset: parameters.offset,
            cardinality: try cardinality(accepting: request.headers["accept"]), count: preferences.count,
            head: method == "HEAD")
        let accept = (request.headers["accept"] ?? "").lowercased()
        query.format = accept.hasPrefix("text/csv") ? .csv : .json
        query.stripsNulls = accept.contains("nulls=stripped")
        query.referencedTables = parameters.referencedTables
        if !reads || isFunction, parameters.columns?.contains(where: { $0.embedding != nil }) == true {
            throw DatabaseError.embeddingInWrite(target)
        }
        switch (isFunction, method) {
        case (false, "GET"), (false, "HEAD"):
            try applyRange(request.headers["range"], to: &query)
        case (false, "POST"):
            query.operation =
                switch preferences.resolution {
                case nil: .insert
                case .mergeDuplicates?: .upsert(onConflict: parameters.onConflict, ignoreDuplicates: false)
                case .ignoreDuplicates?: .upsert(onConflict: parameters.onConflict, ignoreDuplicates: true)
                }
            query.body = try rows(request.body, columns: parameters.bodyColumns, preferences: preferences)
            query.returning = preferences.returning
            query.defaultToNull = !preferences.missingDefault
        case (false, "PATCH"), (false, "DELETE"):
            guard parameters.limit == nil, parameters.offset == nil else {
                throw QueryParameters.failure(
                    "failed to parse limit (\(method))", "the test server does not support limited updates or deletes")
            }
            query.operation = method == "PATCH" ? .update : .delete
            if method == "PATCH" {
                query.body = try rows(request.body, columns: parameters.bodyColumns, preferences: preferences)
            }
            query.returning = preferences.returning
        case (true, "GET"), (true, "HEAD"):
            query.body = .object(parameters.arguments)
            query.isReadOnly = true
        case (true, "POST"):
            let arguments = request.body.isEmpty ? .object([:]) : try json(request.body)
            guard case .object = arguments else {
                throw DatabaseError(
                    code: "PGRST102", message: "Empty or invalid json",
                    details: "the test server calls functions with one JSON object of named arguments")
            }
            query.body = arguments
        case (true, _):
            throw DatabaseError(code: "PGRST101", message: "Cannot use the \(method) method on RPC")
        default:
            throw DatabaseError(code: "PGRST117", message: "Unsupported HTTP method: \(method)")
        }
        return query
    }

    /// `/rest/v1/<table>` or `/rest/v1/rpc/<function>`, names percent-decoded.
    private static func route(_ path: String) throws(DatabaseError) -> (name: String, isFunction: Bool) {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map {
            $0.removingPercentEncoding ?? String($0)
        }
        switch segments.count {
        case 4 where segments[0...2] == ["", "rest", "v1"] && !segments[3].isEmpty: return (segments[3], false)
        case 5 where segments[0...3] == ["", "rest", "v1", "rpc"] && !segments[4].isEmpty: return (segments[4], true)
        default: throw DatabaseError(code: "PGRST125", message: "Invalid path specified in request URL")
        }
    }

    /// `Accept`: `application/json` (or `*/*`, or none) is an array; `application/vnd.pgrst.object+json` one
    /// object. The first type this server knows wins (quality values are not weighed); none known is `PGRST107`.
    private static func cardinality(accepting header: String?) throws(DatabaseError) -> DatabaseQuery.Cardinality {
        let types = (header ?? "").split(separator: ",").map {
            ($0.split(separator: ";").first ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        }
        if types.isEmpty { return .many }
        for type in types {
            switch type {
            case "application/json", "*/*", "application/*", "text/csv", "application/vnd.pgrst.array+json",
                "application/vnd.pgrst.array":
                return .many
            case "application/vnd.pgrst.object+json", "application/vnd.pgrst.object": return .single
            default: continue
            }
        }
        throw DatabaseError(
            code: "PGRST107", message: "None of these media types are available: " + types.joined(separator: ", "))
    }

    /// `Range: 0-24` (or `10-`) on a read, intersected with `limit` and `offset`; malformed ranges are ignored.
    private static func applyRange(_ header: String?, to query: inout DatabaseQuery) throws(DatabaseError) {
        guard let header, header.allSatisfy({ $0 == "-" || ("0"..."9").contains($0) }),
            let dash = header.firstIndex(of: "-"), let lower = Int(header[..<dash])
        else { return }
        let upperText = header[header.index(after: dash)...]
        guard upperText.isEmpty || Int(upperText) != nil else { return }
        let upper = Int(upperText)
        if let upper, upper < lower {
            throw DatabaseError(
                code: "PGRST103", message: "Requested range not satisfiable",
                details: "The lower boundary must be lower than or equal to the upper boundary in the Range header.")
        }
        let offset = query.offset ?? 0
        let start = max(lower, offset)
        let end = [upper, query.limit.map { offset + $0 - 1 }].compactMap { $0 }.min()
        query.offset = start > 0 || query.offset != nil ? start : nil
        query.limit = end.map { max(0, $0 - start + 1) }
    }

    /// A write body: one object or an array of objects. With `columns=`, each object keeps only those keys, and a
    /// key it lacks is NULL (or, with `Prefer: missing=default`, left out so the column default applies);
    /// without, every object of an array must have the same keys (`PGRST102`).
    private static func rows(_ data: Data, columns: [String]?, preferences: Preferences) throws(DatabaseError)
        -> JSONValue
    {
        let body = try json(data)
        let objects = body.arrayValue?.map(\.objectValue) ?? [body.objectValue]
        guard let columns else {
            let keys = objects.map { $0.map { Set($0.keys) } }
            guard Set(keys).count <= 1 else {
                throw DatabaseError(code: "PGRST102", message: "All object keys must match")
            }
            return body
        }
        let filtered = objects.map { object -> JSONValue in
            guard let object else { return .null }
            var row: [String: JSONValue] = [:]
            for column in columns {
                if let value = object[column] {
                    row[column] = value
                } else if !preferences.missingDefault {
                    row[column] = .null
                }
            }
            return .object(row)
        }
        return body.arrayValue == nil ? filtered[0] : .array(filtered)
    }

    private static func json(_ data: Data) throws(DatabaseError) -> JSONValue {
        guard !data.isEmpty, let value = try? JSONValue(json: data) else {
            throw DatabaseError(code: "PGRST102", message: "Empty or invalid json")
        }
        return value
    }
}
