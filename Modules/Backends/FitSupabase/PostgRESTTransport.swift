/// How FitSupabase sends a request: the seam between building requests and the network. The default is
/// ``URLSessionPostgRESTTransport``; tests pass a transport that records requests and answers from a table.
///
/// A transport throws `CancellationError` when the calling task is cancelled and ``/FitCore/ConnectionError``
/// when the server cannot be reached; any HTTP answer, whatever its status, is returned, not thrown.
public protocol PostgRESTTransport: Sendable {
    /// Sends `request` and returns the server's answer.
    ///
    /// - Parameter request: The HTTP request, as ``PostgRESTRequestEncoder`` builds it.
    /// - Returns: The server's answer with any status, 4xx and 5xx included.
    /// - Throws: ``/FitCore/ConnectionError`` when no HTTP answer came (no network, DNS, timeout, a response that is
    ///   not HTTP); `CancellationError` when the task is cancelled.
    func send(_ request: PostgRESTRequest) async throws -> PostgRESTResponse
}
