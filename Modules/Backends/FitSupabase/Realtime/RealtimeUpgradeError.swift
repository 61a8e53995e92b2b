import Foundation

/// The server answered the socket's upgrade with an HTTP status instead of opening it: 401 for a wrong or rotated anon
/// key, 403 for a project whose Realtime is disabled (a paused project), 429 past the project's connection or join
/// rate. A ``RealtimeTransport`` throws it (from `connect`, or as the error its frames end with); its ``status`` is
/// `nil` where the platform does not tell it.
public struct RealtimeUpgradeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status of the answer, or `nil` when the transport does not say.
    public var status: Int?

    /// An upgrade answered with `status`.
    ///
    /// - Parameter status: The HTTP status, or `nil` when the transport does not say.
    public init(status: Int?) {
        self.status = status
    }

    /// "the socket's upgrade was answered HTTP 401", or "the socket's upgrade was refused" without a status.
    public var description: String {
        status.map { "the socket's upgrade was answered HTTP \($0)" } ?? "the socket's upgrade was refused"
    }
}
