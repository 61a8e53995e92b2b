import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default ``RealtimeTransport`` on Apple platforms: Foundation's `URLSessionWebSocketTask`.
///
/// On Linux, Foundation's WebSocket task fails at once (its libcurl has no WebSocket support), so there
/// ``RealtimeConfiguration/platformDefault`` has no transport and ``SupabaseDatabase/changes(to:where:)`` says
/// ``/FitCore/ChangeFeedError/notSupported(backend:)`` unless you give it a transport of your own.
public struct URLSessionRealtimeTransport: RealtimeTransport {
    private let session: URLSession

    /// - Parameter session: The session to open sockets with; by default a shared ephemeral one.
    public init(session: URLSession = URLSession(configuration: .ephemeral)) {
        self.session = session
    }

    /// Opens a WebSocket task to `url` and starts reading its text frames.
    ///
    /// - Parameter url: The socket's URL.
    /// - Returns: The connection; its frames end when the task closes or fails.
    /// - Throws: Nothing here: a socket that cannot open fails its first receive, which ends the frames with a
    ///   ``RealtimeUpgradeError`` when the server answered the upgrade with an HTTP status (401, 403, 429).
    public func connect(to url: URL) async throws -> any RealtimeConnection {
        let task = session.webSocketTask(with: url)
        task.resume()
        return URLSessionRealtimeConnection(task: task)
    }
}

/// One `URLSessionWebSocketTask` as a ``RealtimeConnection``.
private struct URLSessionRealtimeConnection: RealtimeConnection {
    let task: URLSessionWebSocketTask
    let frames: AsyncThrowingStream<String, any Error>

    init(task: URLSessionWebSocketTask) {
        self.task = task
        frames = AsyncThrowingStream { continuation in
            let reader = Task {
                do {
                    while !Task.isCancelled {
                        switch try await task.receive() {
                        case .string(let text): continuation.yield(text)
                        case .data(let data): continuation.yield(String(decoding: data, as: UTF8.self))
                        @unknown default: continue
                        }
                    }
                    continuation.finish()
                } catch {
                    // URLSession fails the receive of a socket whose upgrade was refused; the task's response has the
                    // server's status.
                    if let response = task.response as? HTTPURLResponse, response.statusCode != 101 {
                        continuation.finish(throwing: RealtimeUpgradeError(status: response.statusCode))
                    } else {
                        continuation.finish(throwing: error)
                    }
                }
            }
            continuation.onTermination = { _ in reader.cancel() }
        }
    }

    func send(_ text: String) async throws {
        try await task.send(.string(text))
    }

    func close() async {
        task.cancel(with: .normalClosure, reason: nil)
    }
}
