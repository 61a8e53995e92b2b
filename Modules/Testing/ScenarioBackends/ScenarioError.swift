/// A scenario that asked its session for something its backend does not have.
public enum ScenarioError: Error, Equatable, Sendable {
    /// ``ScenarioSession/device(_:)`` on a backend whose clients are not behind FitOffline.
    case notOfflineFirst
}
