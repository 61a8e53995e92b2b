import FitCore
import Foundation

/// Turns a `DatabaseQuery` into the HTTP request PostgREST reads, following PostgREST's documentation
/// (tables and views, functions, preferences, singular objects, counting) and supabase-swift's spelling of it.
///
/// - Reads: `GET /rest/v1/<table>?select=…&<filters>&order=…&limit=…&offset=…` (`HEAD` for `head`).
/// - Writes: `POST` (insert; upsert with `on_conflict=` and `Prefer: resolution=…`), `PATCH` (update) and
///   `DELETE`, with `Prefer: return=representation|minimal`; a bulk body names every key any row has in
///   `columns=` (a key one row leaves out is NULL in it) and sends `Prefer: missing=default` when the query's
///   `defaultToNull` is off (the key takes the column default).
/// - Functions: `POST /rest/v1/rpc/<function>` with the arguments as a JSON object.
/// - `single()`: `Accept: application/vnd.pgrst.object+json` (PostgREST answers 406 `PGRST116` unless exactly
///   one row). `maybeSingle()`: a read asks for the plain array and the client checks it (0 rows is `null`,
///   more than one is `PGRST116`); a write asks for the object and a 406 for 0 rows reads as `null`, as
///   supabase-js does.
/// - `count`: `Prefer: count=exact|planned|estimated`, answered in `Content-Range`.
/// - Every request: `apikey: <anon key>`, `Authorization: Bearer <access token or anon key>`, and
///   `Accept-Profile` (reads) / `Content-Profile` (writes) when a schema other than the default is set.
public struct PostgRESTRequestEncoder: Sendable {
    /// The project URL (`https://<ref>.supabase.co`); PostgREST is at `/rest/v1` below it.
    public let projectURL: URL
    /// The project's anon (publishable) key.
    public let anonKey: String
    /// The schema to use (`Accept-Profile` / `Content-Profile`); `nil` for the API's default (`public`).
    public let schema: String?

    /// Creates an encoder for one project.
    ///
    /// - Parameters:
    ///   - projectURL: The project URL, `https://<ref>.supabase.co`.
    ///   - anonKey: The project's anon key, sent as `apikey`.
    ///   - schema: The schema to use, or `nil` for the API's default.
    public init(projectURL: URL, anonKey: String, schema: String? = nil) {
        self.projectURL = projectURL
        self.anonKey = anonKey
        self.schema = schema
    }

    /// The request for `query`, authorised by `accessToken` (the signed-in member's JWT) or, when `nil`, by
    /// the anon key.
    ///
    /// - Parameters:
    ///   - query: The request to encode.
    ///   - accessToken: The signed-in member's access token, sent as the bearer; `nil` sends the anon key instead
    ///     (anonymous).
    /// - Returns: The method, URL, headers and body PostgREST expects.
    /// - Throws: A ``/FitCore/DatabaseError`` `PGRST100` when the query's names or values cannot be put in a URL
    ///   (nothing is sent).
    public func request(for query: DatabaseQuery, accessToken: String?) throws(DatabaseError) -> PostgRESTRequest {
        var items: [(String, String)] = []
        if let columns = query.columns {
            items.append(("select", columns.map(\.description).joined(separator: ",")))
        } else if query.operation == .select || query.returning == .representation {
            items.append(("select", "*"))
        }
        for filter in query.filters { items.append(PostgRESTSyntax.parameter(filter)) }
        if !query.order.isEmpty { items.append(("order", DatabaseQuery.orderText(query.order))) }
        if let limit = query.limit { items.append(("limit", String(limit))) }
        if let offset = query.offset { items.append(("offset", String(offset))) }
        // An embedded resource's filters, order and paging: `studios.name=eq.x`, `studios.order=…`, `studios.limit=2`.
        for (path, options) in query.referencedTables.sorted(by: { $0.key < $1.key }) {
            for filter in options.filters {
                let (name, value) = PostgRESTSyntax.parameter(filter)
                items.append(("\(path).\(name)", value))
            }
            if !options.order.isEmpty { items.append(("\(path).order", DatabaseQuery.orderText(options.order))) }
            if let limit = options.limit { items.append(("\(path).limit", String(limit))) }
            if let offset = options.offset { items.append(("\(path).offset", String(offset))) }
        }

        var headers = [
            "apikey": anonKey,
            "Authorization": "Bearer \(accessToken ?? anonKey)",
            "Accept": accept(for: query),
        ]
        let method: String
        let path: String
        var body: Data?
        switch query.operation {
        case .select:
            method = query.head ? "HEAD" : "GET"
            path = "rest/v1/\(query.target)"
        case .insert, .upsert:
            method = "POST"
            path = "rest/v1/\(query.target)"
            if case .upsert(let onConflict?, _) = query.operation {
                items.append(("on_conflict", onConflict.joined(separator: ",")))
            }
            if case .array(let rows)? = query.body {
                items.append(("columns", PostgRESTSyntax.columnList(DatabaseQuery.unionOfKeys(rows))))
            }
            body = Self.json(query.body)
        case .update:
            method = "PATCH"
            path = "rest/v1/\(query.target)"
            body = Self.json(query.body)
        case .delete:
            method = "DELETE"
            path = "rest/v1/\(query.target)"
        case .rpc where query.isReadOnly:
            // `GET` (or `HEAD`) with the arguments in the URL: PostgREST runs the call read-only.
            method = query.head ? "HEAD" : "GET"
            path = "rest/v1/rpc/\(query.target)"
            for (name, value) in (query.body?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
                items.append((name, PostgRESTSyntax.argumentText(value)))
            }
        case .rpc:
            method = "POST"
            path = "rest/v1/rpc/\(query.target)"
            body = Self.json(query.body ?? .object([:]))
        }
        let prefer = query.preferences
        if !prefer.isEmpty { headers["Prefer"] = prefer.joined(separator: ",") }
        if body != nil { headers["Content-Type"] = "application/json" }
        if let schema = query.schema ?? schema {
            headers[method == "GET" || method == "HEAD" ? "Accept-Profile" : "Content-Profile"] = schema
        }

        var text = projectURL.absoluteString
        if !text.hasSuffix("/") { text += "/" }
        text += path
        if !items.isEmpty {
            text +=
                "?"
                + items.map { PostgRESTText.percentEncoded($0.0) + "=" + PostgRESTText.percentEncoded($0.1) }
                .joined(separator: "&")
        }
        guard let url = URL(string: text) else {
            throw DatabaseError(code: "PGRST100", message: "The request URL could not be built", details: text)
        }
        return PostgRESTRequest(method: method, url: url, headers: headers, body: body)
    }

    /// The `Accept` header: the singular object for `single()` (and for a write's `maybeSingle()`), JSON otherwise.
    private func accept(for query: DatabaseQuery) -> String {
        if query.format == .csv { return "text/csv" }
        let single =
            switch query.cardinality {
            case .single: true
            case .maybeSingle where query.operation != .select: true
            case .maybeSingle, .many: false
            }
        if query.stripsNulls {
            return single
                ? "application/vnd.pgrst.object+json;nulls=stripped" : "application/vnd.pgrst.array+json;nulls=stripped"
        }
        return single ? "application/vnd.pgrst.object+json" : "application/json"
    }

    private static func json(_ value: JSONValue?) -> Data? {
        value.map(JSONWriter.data)
    }
}
