/// A socket whose handshake was not answered in time: a proxy or a server that took the connection and never replied
/// to the upgrade. A ``RealtimeTransport`` throws it from `connect`; the socket counts it as an attempt that failed.
public struct RealtimeHandshakeTimeout: Error, Sendable, Hashable, CustomStringConvertible {
    /// How long the handshake had.
    public var limit: Duration

    /// A handshake given up after `limit`.
    ///
    /// - Parameter limit: How long the handshake had.
    public init(limit: Duration) {
        self.limit = limit
    }

    /// "the socket's handshake was not answered within 10 seconds".
    public var description: String {
        "the socket's handshake was not answered within \(limit.components.seconds) seconds"
    }
}
