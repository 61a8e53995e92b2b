import Foundation

/// Something an ``OfflineFirstClient``'s background sync did, as ``OfflineFirstClient/syncEvents()`` tells it.
public enum SyncEvent: Sendable, Hashable {
    /// A replay of the outbox finished (completely or not).
    case replayed(SyncReport)
    /// The server could not be reached while changes are queued; a replay is scheduled on the client's clock.
    case retryScheduled(after: Duration, pending: Int)
}
