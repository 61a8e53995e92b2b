import Foundation

/// One HTTP request to PostgREST, as a value: what ``PostgRESTRequestEncoder`` makes of a `DatabaseQuery` and
/// what a ``PostgRESTTransport`` sends. Tests compare it field by field.
public struct PostgRESTRequest: Sendable, Hashable, CustomStringConvertible {
    /// `GET`, `HEAD`, `POST`, `PATCH` or `DELETE`.
    public var method: String
    /// The full URL: project URL, `/rest/v1/<table>` or `/rest/v1/rpc/<function>`, and the query string,
    /// percent-encoded as PostgREST reads it.
    public var url: URL
    /// Header fields by name, as sent (`apikey`, `Authorization`, `Accept`, `Content-Type`, `Prefer`,
    /// `Accept-Profile` / `Content-Profile`).
    public var headers: [String: String]
    /// The JSON body of a write or a function call; `nil` for reads.
    public var body: Data?

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - method: The HTTP method: `GET`, `HEAD`, `POST`, `PATCH` or `DELETE`.
    ///   - url: The full URL, with the query string.
    ///   - headers: The HTTP headers.
    ///   - body: The JSON body, or `nil`.
    public init(method: String, url: URL, headers: [String: String], body: Data?) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// `METHOD URL`, the headers sorted by name (the token shortened), and the body: for logs and test failures.
    public var description: String {
        var lines = ["\(method) \(url.absoluteString)"]
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            let shown = name == "Authorization" && value.count > 24 ? String(value.prefix(20)) + "…" : value
            lines.append("\(name): \(shown)")
        }
        if let body { lines.append(String(decoding: body, as: UTF8.self)) }
        return lines.joined(separator: "\n")
    }
}
