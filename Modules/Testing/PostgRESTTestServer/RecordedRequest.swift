import Foundation

/// One HTTP request as the server received it, for tests to assert on what a client really sent.
public struct RecordedRequest: Sendable, Hashable {
    /// The method as sent, e.g. `GET`.
    public let method: String
    /// The request target exactly as received: path and query string, still percent-encoded
    /// (`/rest/v1/events?select=*&id=eq.…`).
    public let target: String
    /// The header fields, names lowercased; a repeated field's values are joined with `, `.
    public let headers: [String: String]
    /// The body bytes, empty when there is none.
    public let body: Data

    /// A request; header names are lowercased (and repeated names joined), as the server records them.
    ///
    /// - Parameters:
    ///   - method: The method, e.g. `GET`.
    ///   - target: The path and query string, percent-encoded.
    ///   - headers: The header fields.
    ///   - body: The body bytes.
    public init(method: String, target: String, headers: [String: String] = [:], body: Data = Data()) {
        self.method = method
        self.target = target
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { "\($0), \($1)" }
        self.body = body
    }
}
