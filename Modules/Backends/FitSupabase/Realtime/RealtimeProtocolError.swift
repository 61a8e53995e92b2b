/// A text frame from Supabase Realtime that is not a message of its protocol (version 2.0.0), or a message whose
/// payload does not say what its event needs.
public struct RealtimeProtocolError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, naming the part of the frame.
    public var reason: String

    /// Creates the error.
    ///
    /// - Parameter reason: What was wrong, naming the part of the frame.
    public init(reason: String) {
        self.reason = reason
    }

    /// "Realtime sent a frame that is not a protocol message: …".
    public var description: String { "Realtime sent a frame that is not a protocol message: \(reason)" }
}
