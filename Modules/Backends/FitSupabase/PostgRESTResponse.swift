import Foundation

/// An HTTP response from PostgREST, as a ``PostgRESTTransport`` hands it back.
public struct PostgRESTResponse: Sendable, Hashable {
    /// The HTTP status code.
    public var status: Int
    /// Header fields; names are matched case-insensitively by ``header(_:)``.
    public var headers: [String: String]
    /// The body bytes (empty for `HEAD` and `204 No Content`).
    public var body: Data

    /// Creates a response (a transport's result, or a test's canned answer).
    ///
    /// - Parameters:
    ///   - status: The HTTP status code.
    ///   - headers: The HTTP headers.
    ///   - body: The body bytes.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the header `name`, whatever its case on the wire.
    ///
    /// - Parameter name: The header's name in any case (`content-range`, `Content-Range`).
    /// - Returns: Its value, or `nil` when the response has no such header.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.key.lowercased() == wanted }?.value
    }
}
