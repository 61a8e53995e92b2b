import FitCore

/// A failure a ``RequestRig`` injects into one request, to test error and cancellation paths.
public enum Fault: Sendable {
    /// The request fails with this error before it reaches the backend.
    case error(any Error)
    /// The request throws `CancellationError` before it reaches the backend, as a cancelled network call does.
    case cancellation
}
