import Foundation

/// Why recording a finished exercise was refused.
public enum HistoryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The catalogue has no exercise with this id.
    case exerciseNotFound(UUID)

    /// `There is no exercise <id> in the catalogue.`, with the id in lower case.
    public var description: String {
        switch self {
        case .exerciseNotFound(let id): "There is no exercise \(id.uuidString.lowercased()) in the catalogue."
        }
    }
}
