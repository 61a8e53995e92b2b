import FitCore

/// A failure a ``RequestRig`` injects into one request, to test error, cancellation and lost-connection paths.
public enum Fault: Sendable {
    /// The request fails with this error before it reaches the backend.
    case error(any Error)
    /// The request throws `CancellationError` before it reaches the backend, as a cancelled network call does.
    case cancellation
    /// The backend runs the request and its answer is lost on the way back: the caller gets a
    /// ``/FitCore/ConnectionError`` (`timedOut`) although the change was made.
    case lostAnswer

    /// The request never reaches the backend: a ``/FitCore/ConnectionError`` (`unreachable`), as when the network
    /// is cut.
    public static var unreachable: Fault { .error(RequestRig.unreachable) }
}
