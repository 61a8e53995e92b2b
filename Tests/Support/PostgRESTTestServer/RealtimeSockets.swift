import FitSupabase
import Foundation

/// How tests reach a ``RealtimeTestServer``: over real WebSockets on 127.0.0.1 (``RealtimeWebSocketServer`` and
/// FitSupabase's `WebSocketRealtimeTransport`) when FitKit is built with its `RealtimeWebSocket` trait, in-process
/// otherwise.
public struct RealtimeSockets: Sendable {
    /// The client's transport.
    public let transport: any RealtimeTransport
    /// The socket URL to configure, when the server listens on a port of its own.
    public let url: URL?
    private let server: RealtimeWebSocketServer?

    /// Starts what the build has: a WebSocket server for `server`, or nothing for in-process connections.
    ///
    /// - Parameters:
    ///   - server: The protocol's server.
    ///   - overWebSocket: Whether to use real sockets when the build can (the trait); in-process otherwise.
    /// - Returns: The transport and URL to configure clients with.
    public static func start(serving server: RealtimeTestServer, overWebSocket: Bool = true) async throws
        -> RealtimeSockets
    {
        #if RealtimeWebSocket
            if overWebSocket {
                let sockets = try await RealtimeWebSocketServer.start(serving: server)
                return RealtimeSockets(transport: WebSocketRealtimeTransport(), url: sockets.socketURL, server: sockets)
            }
        #endif
        return RealtimeSockets(transport: server.transport, url: nil, server: nil)
    }

    /// Whether the build can reach the server over real WebSockets.
    public static var canUseWebSockets: Bool {
        #if RealtimeWebSocket
            true
        #else
            false
        #endif
    }

    /// Stops the WebSocket server, if any.
    public func stop() async throws {
        try await server?.stop()
    }
}
