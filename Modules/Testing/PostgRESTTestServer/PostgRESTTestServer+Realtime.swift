import FitSupabase

extension PostgRESTTestServer {
    /// Whether the build can reach the project's Realtime over real WebSockets: FitKit built with its
    /// `RealtimeWebSocket` trait (FitSupabase's `WebSocketRealtimeTransport`).
    public static var servesRealtimeOverWebSockets: Bool {
        #if RealtimeWebSocket
            true
        #else
            false
        #endif
    }

    /// The transport a client reaches this project's Realtime with (at the project's own URL, so no `socketURL`):
    /// real WebSockets to this server's port when the build has them and `overWebSocket` asks for them, in-process
    /// otherwise. The server must run on a database (``realtime`` is not `nil`).
    ///
    /// - Parameter overWebSocket: Whether to use real sockets when the build can.
    /// - Returns: The transport for `RealtimeConfiguration(transport:)`.
    public func realtimeTransport(overWebSocket: Bool = true) -> any RealtimeTransport {
        guard let realtime else {
            preconditionFailure("a PostgRESTTestServer started without a database has no Realtime")
        }
        #if RealtimeWebSocket
            if overWebSocket { return WebSocketRealtimeTransport() }
        #endif
        return realtime.transport
    }
}
