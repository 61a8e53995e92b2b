#if RealtimeWebSocket
    import Foundation
    import Logging
    import WSClient
    import WSCore

    /// A ``RealtimeTransport`` on swift-websocket's `WSClient` (SwiftNIO, TLS through NIOSSL for `wss://`): Supabase
    /// Realtime on Linux, where Foundation has no WebSocket. Built with the package's `RealtimeWebSocket` trait, and
    /// then ``RealtimeConfiguration/platformDefault`` on Linux.
    public struct WebSocketRealtimeTransport: RealtimeTransport {
        /// The largest message read; Realtime's change messages are far smaller. 16 MB.
        public var maximumMessageSize: Int
        /// How long the server has to answer the socket's upgrade before ``connect(to:)`` gives up with
        /// ``RealtimeHandshakeTimeout``: `WSClient` itself waits for ever on a connection closed mid-handshake.
        /// 10 seconds.
        public var handshakeTimeout: Duration
        /// The clock the handshake timeout runs on.
        public var clock: any Clock<Duration>

        /// - Parameters:
        ///   - maximumMessageSize: The largest message read; 16 MB by default.
        ///   - handshakeTimeout: How long the upgrade may take; 10 seconds by default.
        ///   - clock: The clock of the handshake timeout; the continuous clock by default.
        public init(
            maximumMessageSize: Int = 16 << 20, handshakeTimeout: Duration = .seconds(10),
            clock: any Clock<Duration> = ContinuousClock()
        ) {
            self.maximumMessageSize = maximumMessageSize
            self.handshakeTimeout = handshakeTimeout
            self.clock = clock
        }

        /// Opens a WebSocket to `url` and keeps it open until it is closed or fails.
        ///
        /// - Parameter url: The socket's URL (`wss://` uses TLS).
        /// - Returns: The open connection.
        /// - Throws: The client's error when the socket cannot be opened; ``RealtimeUpgradeError`` (without a status,
        ///   which `WSClient` does not tell) when the server answers the upgrade with an HTTP status;
        ///   ``RealtimeHandshakeTimeout`` when it does not answer within ``handshakeTimeout``.
        public func connect(to url: URL) async throws -> any RealtimeConnection {
            let (frames, incoming) = AsyncThrowingStream.makeStream(of: String.self)
            let (outgoing, sender) = AsyncStream.makeStream(of: Outgoing.self)
            let maximumMessageSize = maximumMessageSize
            let opened = AsyncThrowingStream.makeStream(of: Void.self)
            let session = Task {
                do {
                    try await WebSocketClient.connect(
                        url: url.absoluteString, logger: Logger(label: "fitkit.realtime")
                    ) { inbound, outbound, _ in
                        opened.continuation.yield()
                        try await withThrowingTaskGroup(of: Void.self) { group in
                            group.addTask {
                                for await message in outgoing {
                                    switch message {
                                    case .text(let text): try await outbound.write(.text(text))
                                    case .close:
                                        try await outbound.close(.normalClosure, reason: nil)
                                        return
                                    }
                                }
                            }
                            group.addTask {
                                for try await message in inbound.messages(maxSize: maximumMessageSize) {
                                    if case .text(let text) = message { incoming.yield(text) }
                                }
                            }
                            try await group.next()
                            group.cancelAll()
                        }
                    }
                    incoming.finish()
                } catch let error as WebSocketClientError where error == .webSocketUpgradeFailed {
                    // WSClient does not tell the answer's status.
                    incoming.finish(throwing: RealtimeUpgradeError(status: nil))
                } catch {
                    incoming.finish(throwing: error)
                }
                opened.continuation.finish()
            }
            // Open once the handler runs; a connection that failed first throws its error here, and one whose
            // handshake is not answered in time throws the timeout.
            let (clock, limit) = (clock, handshakeTimeout)
            let timer = Task {
                try await clock.sleep(for: limit)
                opened.continuation.finish(throwing: RealtimeHandshakeTimeout(limit: limit))
                session.cancel()
            }
            defer { timer.cancel() }
            var confirmation = opened.stream.makeAsyncIterator()
            guard try await confirmation.next() != nil else {
                if Task.isCancelled {
                    session.cancel()
                    throw CancellationError()
                }
                for try await _ in frames {}
                throw URLError(.cannotConnectToHost)
            }
            return WebSocketRealtimeConnection(frames: frames, outgoing: sender, session: session)
        }

        enum Outgoing: Sendable {
            case text(String)
            case close
        }
    }

    /// One `WSClient` connection as a ``RealtimeConnection``.
    private struct WebSocketRealtimeConnection: RealtimeConnection {
        let frames: AsyncThrowingStream<String, any Error>
        let outgoing: AsyncStream<WebSocketRealtimeTransport.Outgoing>.Continuation
        let session: Task<Void, Never>

        func send(_ text: String) async throws {
            guard case .enqueued = outgoing.yield(.text(text)) else { throw URLError(.networkConnectionLost) }
        }

        func close() async {
            outgoing.yield(.close)
            outgoing.finish()
            session.cancel()
        }
    }
#endif
