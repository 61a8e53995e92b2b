import Foundation

/// Where what a store shows stands with the server, as an offline-first client (FitOffline's `OfflineFirstClient`)
/// reports it: the one value a store exposes for "offline · updated 10 min ago" and for changes the server refused.
///
/// With a plain client it stays ``online``: nothing is local, nothing was refused.
public struct OfflineState: Sendable, Hashable {
    /// Whether what is shown came, at least in part, from the device's replica because the server could not be
    /// reached, or a change was queued on the device for the same reason.
    public var isOffline: Bool
    /// When what is shown was last confirmed by the server (the oldest of a load's answers); `nil` for plain clients
    /// and for local data never synced.
    public var lastSynced: Date?
    /// Changes made offline that the server refused when they were replayed; what is shown is the server's rows
    /// again. A screen clears them once it has shown them.
    public var rejectedChanges: [RejectedChange]

    /// Creates an offline state.
    ///
    /// - Parameters:
    ///   - isOffline: Whether the replica answered (or a change was queued) because the server could not be reached.
    ///   - lastSynced: When the server last confirmed what is shown, if ever.
    ///   - rejectedChanges: Offline changes the server refused; none by default.
    public init(isOffline: Bool, lastSynced: Date?, rejectedChanges: [RejectedChange] = []) {
        self.isOffline = isOffline
        self.lastSynced = lastSynced
        self.rejectedChanges = rejectedChanges
    }

    /// Online, never confirmed by an offline-capable client, nothing refused: what a store shows with a plain client.
    public static let online = OfflineState(isOffline: false, lastSynced: nil)
}
