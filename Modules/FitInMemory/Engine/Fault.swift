import FitCore

/// A failure the in-memory database injects into one request, to test error and cancellation paths.
public enum Fault: Sendable {
    /// The request fails with this error before touching any data.
    case error(any Error)
    /// The request throws `CancellationError` before touching any data, as a cancelled network call does.
    case cancellation
}
