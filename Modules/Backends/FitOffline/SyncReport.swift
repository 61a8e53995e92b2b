import FitCore
import Foundation

/// What one replay of the outbox did.
public struct SyncReport: Sendable, Hashable {
    /// The queued changes the server accepted (they left the outbox).
    public var accepted: Int
    /// The queued changes the server refused (they left the outbox; the replica took the server's rows back).
    public var rejected: [RejectedChange]
    /// The changes still queued: the server could not be reached before they were sent.
    public var pending: Int
    /// The requests the replay sent (consecutive inserts into one table go as one request).
    public var requests: Int
    /// Why the replay stopped early, when the server could not be reached.
    public var stoppedBecause: String?

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - accepted: Changes the server accepted.
    ///   - rejected: Changes the server refused.
    ///   - pending: Changes still queued.
    ///   - requests: Requests sent.
    ///   - stoppedBecause: Why the replay stopped early, if it did.
    public init(
        accepted: Int = 0, rejected: [RejectedChange] = [], pending: Int = 0, requests: Int = 0,
        stoppedBecause: String? = nil
    ) {
        self.accepted = accepted
        self.rejected = rejected
        self.pending = pending
        self.requests = requests
        self.stoppedBecause = stoppedBecause
    }

    /// Whether the outbox is empty.
    public var isComplete: Bool { pending == 0 }
}
