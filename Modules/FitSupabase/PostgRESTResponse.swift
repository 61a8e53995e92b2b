import Foundation

/// An HTTP response from PostgREST, as a ``PostgRESTTransport`` hands it back.
public struct PostgRESTResponse: Sendable, Hashable {
    /// The HTTP status code.
    public var status: Int
    /// Header fields; names are matched case-insensitively by ``header(_:)``.
    public var headers: [String: String]
    /// The body bytes (empty for `HEAD` and `204 No Content`).
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the header `name`, whatever its case on the wire.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.key.lowercased() == wanted }?.value
    }
}
