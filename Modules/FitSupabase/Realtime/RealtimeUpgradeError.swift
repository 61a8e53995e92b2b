import Foundation

/// The server answered the socket's upgrade with an HTTP status instead of opening it: 401 for a wrong or rotated anon
/// key, 403 for a paused project, 429 past the project's connection limit. A ``RealtimeTransport`` throws it (from
/// `connect`, or as the error its frames end with) where its platform tells the status.
public struct RealtimeUpgradeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status of the answer.
    public var status: Int

    /// An upgrade answered with `status`.
    ///
    /// - Parameter status: The HTTP status.
    public init(status: Int) {
        self.status = status
    }

    /// "the socket's upgrade was answered HTTP 401".
    public var description: String { "the socket's upgrade was answered HTTP \(status)" }
}
