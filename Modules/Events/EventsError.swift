import Foundation

/// Why an events request found nothing to change.
public enum EventsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The member has no event with this id (never created, deleted, or someone else's).
    case eventNotFound(UUID)

    /// `There is no event <id>.`, with the id in lower case as the database writes it.
    public var description: String {
        switch self {
        case .eventNotFound(let id): "There is no event \(id.uuidString.lowercased())."
        }
    }
}
