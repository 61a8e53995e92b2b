import Foundation

/// Opens the WebSocket that Supabase Realtime speaks over: `URLSessionRealtimeTransport` on Apple platforms, or a
/// transport of your own (a WebSocket package's client on Linux, where Foundation's WebSocket task is not available).
public protocol RealtimeTransport: Sendable {
    /// Opens a WebSocket.
    ///
    /// - Parameter url: The socket's URL: `wss://<ref>.supabase.co/realtime/v1/websocket?apikey=…&vsn=2.0.0`.
    /// - Returns: The open connection.
    /// - Throws: Any error when the socket cannot be opened; the caller retries with back-off.
    func connect(to url: URL) async throws -> any RealtimeConnection
}

/// One open WebSocket carrying text frames.
public protocol RealtimeConnection: Sendable {
    /// The server's text frames, in order; the sequence ends when the socket closes and throws when it fails.
    var frames: AsyncThrowingStream<String, any Error> { get }

    /// Sends one text frame.
    ///
    /// - Parameter text: The frame.
    /// - Throws: Any error when the socket can no longer send; the caller then treats the connection as lost.
    func send(_ text: String) async throws

    /// Closes the socket; ``frames`` then ends.
    func close() async
}
