import Foundation

/// A problem with an in-memory database's file. The file is never modified when one is reported.
public enum PersistenceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file exists but is not a readable FitKit database; it was left as it is.
    case corrupt(URL, reason: String)
    /// The file could not be read.
    case unreadable(URL, reason: String)
    /// Saving failed; the previous file and the in-memory data are unchanged.
    case writeFailed(URL, reason: String)

    /// A sentence with the file's path and the reason, saying that the file (or the data) was left unchanged.
    public var description: String {
        switch self {
        case .corrupt(let url, let reason): "The database file \(url.path) is corrupt and was left untouched: \(reason)"
        case .unreadable(let url, let reason): "The database file \(url.path) could not be read: \(reason)"
        case .writeFailed(let url, let reason):
            "Saving the database to \(url.path) failed; nothing was changed: \(reason)"
        }
    }
}
