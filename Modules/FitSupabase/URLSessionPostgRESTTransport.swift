import FitCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default ``PostgRESTTransport``: Foundation's `URLSession`.
///
/// Cancelling the calling task cancels the request (`URLSession`'s async API does); a cancelled request throws
/// `CancellationError`. No request is retried: a write may have reached the server even when its answer was
/// lost, so only the caller can know whether sending it again is safe.
public struct URLSessionPostgRESTTransport: PostgRESTTransport {
    private let session: URLSession

    /// - Parameter session: the session to send with; by default an ephemeral one (no cookies or cache: PostgREST
    ///   answers are not cacheable and auth is by header) with URLSession's own 60-second request timeout.
    public init(session: URLSession? = nil) {
        if let session {
            self.session = session
        } else {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = 60
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            self.session = URLSession(configuration: configuration)
        }
    }

    /// Sends `request` with the session, once.
    ///
    /// - Parameter request: The HTTP request.
    /// - Returns: The server's status, headers (names as the server sent them) and body, whatever the status.
    /// - Throws: `CancellationError` when the task is cancelled (before, during or right after the request);
    ///   ``/FitCore/ConnectionError`` for a `URLError`: `.timedOut`, `.hostNotFound` (DNS), `.invalidResponse` (an
    ///   unparsable or non-HTTP answer) or `.unreachable` (anything else).
    public func send(_ request: PostgRESTRequest) async throws -> PostgRESTResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = request.body
        try Task.checkCancellation()
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await Self.data(for: urlRequest, in: session)
        } catch {
            throw Self.translate(error)
        }
        try Task.checkCancellation()
        guard let http = response as? HTTPURLResponse else {
            throw ConnectionError(.invalidResponse, reason: "not an HTTP response")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return PostgRESTResponse(status: http.statusCode, headers: headers, body: data)
    }

    /// The session's answer to `request`; cancelling the task cancels the request.
    ///
    /// The completion-handler API with the cancellation handed off, rather than `URLSession.data(for:)`: on Linux,
    /// FoundationNetworking's `data(for:)` cancels its task from inside the cancellation handler, while Swift holds the
    /// cancelled task's status lock, and that cancel waits for the session's queue, where the request's completion may
    /// be resuming the same task and waiting for the same lock — a deadlock (seen under ThreadSanitizer's timing).
    private static func data(for request: URLRequest, in session: URLSession) async throws -> (Data, URLResponse) {
        let task = LockedState<URLSessionDataTask?>(nil)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let dataTask = session.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                task.withLock { $0 = dataTask }
                dataTask.resume()
                if Task.isCancelled { Self.cancelLater(dataTask) }
            }
        } onCancel: {
            if let dataTask = task.value { Self.cancelLater(dataTask) }
        }
    }

    /// Cancels `task` off the cancelling thread, which holds the cancelled Swift task's status lock.
    private static func cancelLater(_ task: URLSessionDataTask) {
        DispatchQueue.global().async { task.cancel() }
    }

    /// `URLError`s as FitCore's errors: cancellation as `CancellationError`, the rest as ``/FitCore/ConnectionError``.
    static func translate(_ error: any Error) -> any Error {
        if error is CancellationError { return error }
        guard let urlError = error as? URLError else {
            return ConnectionError(.unreachable, reason: String(describing: error))
        }
        switch urlError.code {
        case .cancelled: return CancellationError()
        case .timedOut: return ConnectionError(.timedOut, reason: urlError.localizedDescription)
        case .cannotFindHost, .dnsLookupFailed:
            return ConnectionError(.hostNotFound, reason: urlError.localizedDescription)
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData:
            return ConnectionError(.invalidResponse, reason: urlError.localizedDescription)
        default: return ConnectionError(.unreachable, reason: urlError.localizedDescription)
        }
    }
}
