import FitCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default ``PostgRESTTransport``: Foundation's `URLSession`.
///
/// Cancelling the calling task ends the call at once with `CancellationError`; on Apple platforms it also cancels the
/// request, on Linux the request runs on to its answer, which is dropped (FoundationNetworking cannot cancel a request
/// safely as its answer arrives). No request is retried: a write may have reached the server even when its answer was
/// lost, so only the caller can know whether sending it again is safe.
public struct URLSessionPostgRESTTransport: PostgRESTTransport {
    private let session: URLSession

    /// - Parameter session: the session to send with; by default one with ``sessionConfiguration(requestTimeout:)``.
    public init(session: URLSession? = nil) {
        self.session = session ?? URLSession(configuration: Self.sessionConfiguration())
    }

    /// The configuration of the default session: ephemeral (no cookies), with no URL cache (PostgREST's answers are
    /// not cacheable and auth is by header), and `requestTimeout` as its idle timeout.
    ///
    /// - Parameter requestTimeout: Seconds a request may wait for its next bytes; URLSession's own 60 by default.
    /// - Returns: A new configuration, yours to change before making a session with it.
    public static func sessionConfiguration(requestTimeout: TimeInterval = 60) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = requestTimeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        return configuration
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

    /// A response and its body.
    private typealias Answer = (Data, URLResponse)

    /// The session's answer to `request`, or `CancellationError` as soon as the calling task is cancelled.
    ///
    /// The completion-handler API rather than `URLSession.data(for:)`, whose cancellation on Linux cancels its task
    /// from inside the cancellation handler, while Swift holds the cancelled task's status lock: that cancel waits for
    /// the session's queue, where the request's completion may be resuming the same task and waiting for the same
    /// lock: a deadlock.
    ///
    /// On Apple platforms cancellation also cancels the request, which closes its connection. On Linux the request is
    /// left to run to its answer, which is dropped: FoundationNetworking cannot cancel a task safely while its answer
    /// arrives. Its cancellation reports the failure on the task's queue and its completion forgets the task on the
    /// session's, with no order between the two, so the failure can reach a task the session no longer knows and stop
    /// the process ("Trying to access a behaviour for a task that in not in the registry"), as requests cancelled
    /// while their 401s arrive can (`SupabaseEndToEndTests.requestsCancelledOnTheirWayToA401LeaveTheProcessRunning`).
    private static func data(for request: URLRequest, in session: URLSession) async throws -> Answer {
        let exchange = LockedState(Exchange())
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // A task made is registered with the session until it ends, so none is made for a cancelled caller.
                guard exchange.withLock({ $0.begin(continuation) }) else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                let dataTask = session.dataTask(with: request) { data, response, error in
                    exchange.withLock { $0.take() }?.resume(with: outcome(data, response, error))
                }
                let cancelledMeanwhile = exchange.withLock { $0.sent(dataTask) }
                dataTask.resume()
                if cancelledMeanwhile { cancel(dataTask) }
            }
        } onCancel: {
            let (continuation, dataTask) = exchange.withLock { $0.cancel() }
            continuation?.resume(throwing: CancellationError())
            if let dataTask { cancel(dataTask) }
        }
    }

    /// Cancels `dataTask` on Apple platforms; on Linux leaves it to run to its answer (see `data(for:in:)`).
    private static func cancel(_ dataTask: URLSessionDataTask) {
        #if !canImport(FoundationNetworking)
            dataTask.cancel()
        #endif
    }

    /// A completion handler's arguments as one result.
    private static func outcome(
        _ data: Data?, _ response: URLResponse?, _ error: (any Error)?
    ) -> Result<Answer, any Error> {
        if let error { return .failure(error) }
        guard let response else { return .failure(URLError(.badServerResponse)) }
        return .success((data ?? Data(), response))
    }

    /// One request between its start and its first outcome, the session's answer or cancellation, which resumes the
    /// caller; the other finds nothing left to resume.
    private struct Exchange: Sendable {
        private var continuation: CheckedContinuation<Answer, any Error>?
        private var dataTask: URLSessionDataTask?
        private var cancelled = false

        /// Records the caller's continuation; false when the caller was cancelled already (then nothing is sent).
        mutating func begin(_ continuation: CheckedContinuation<Answer, any Error>) -> Bool {
            guard !cancelled else { return false }
            self.continuation = continuation
            return true
        }

        /// Records the request about to be sent; true when the caller was cancelled since ``begin(_:)``.
        mutating func sent(_ dataTask: URLSessionDataTask) -> Bool {
            guard !cancelled else { return true }
            self.dataTask = dataTask
            return false
        }

        /// The caller's continuation, if the request has not been answered or cancelled yet.
        mutating func take() -> CheckedContinuation<Answer, any Error>? {
            defer { continuation = nil }
            return continuation
        }

        /// Marks the caller cancelled: its continuation and the request, if it was sent and is not answered yet.
        mutating func cancel() -> (CheckedContinuation<Answer, any Error>?, URLSessionDataTask?) {
            cancelled = true
            defer { dataTask = nil }
            guard let continuation = take() else { return (nil, nil) }
            return (continuation, dataTask)
        }
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
