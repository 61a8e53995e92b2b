import Foundation

/// Why the session-details screen has nothing to show.
public enum SessionDetailsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No class session has this id.
    case sessionNotFound(UUID)

    /// A sentence naming the missing session's id, for logs and error screens.
    public var description: String {
        switch self {
        case .sessionNotFound(let id): "No class session with id \(id.uuidString.lowercased())"
        }
    }
}
