import Foundation

/// Where an answer's rows came from: the server, or a device's local replica while the server could not be reached.
/// Offline-capable clients (`FitOffline`'s `OfflineFirstClient`) report it for every answer to the task's
/// ``ResponseRecorder``; answers nobody reports on are the server's.
package struct ResponseOrigin: Sendable, Hashable {
    /// Whether the rows came from the server or from the local replica.
    package enum Source: String, Sendable, Hashable {
        /// The server answered.
        case server
        /// The server could not be reached; the local replica answered the same query.
        case replica
    }

    /// Whether the rows came from the server or from the local replica.
    package var source: Source
    /// When the rows were last confirmed by the server: the time of the answer for ``Source/server``, the last
    /// successful sync of the queried table or view for ``Source/replica`` (`nil` when it was never synced).
    package var asOf: Date?

    /// Creates an origin.
    ///
    /// - Parameters:
    ///   - source: Whether the server or the local replica answered.
    ///   - asOf: When the rows were last confirmed by the server, if ever.
    package init(source: Source, asOf: Date?) {
        self.source = source
        self.asOf = asOf
    }

    /// Whether the local replica answered because the server could not be reached.
    package var isLocal: Bool { source == .replica }
}
