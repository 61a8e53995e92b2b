import Foundation

/// Collects where the answers of one store operation came from, through a task-local value: an offline-capable
/// client reports each answer's origin to the recorder of the task it runs in, so queries need no extra parameter
/// and responses carry no offline fields.
package final class ResponseRecorder: Sendable {
    @TaskLocal package static var current: ResponseRecorder?

    package struct Summary: Sendable {
        /// What the answers say together: offline if any was local, as old as the oldest confirmation.
        package var state = OfflineState.online
        /// Whether any answer said where it came from.
        package var hasOrigin = false
    }

    private let summary = LockedState(Summary())

    package init() {}

    /// Records one answer: where it came from, and the refused offline changes it brings.
    ///
    /// - Parameters:
    ///   - origin: Where the answer came from.
    ///   - rejectedChanges: Offline changes to the answered table the server refused since its last read.
    package func record(_ origin: ResponseOrigin, rejectedChanges: [RejectedChange] = []) {
        summary.withLock { summary in
            summary.state.rejectedChanges += rejectedChanges
            // The oldest confirmation wins: a screen built from a fresh and a stale answer is as old as the stale one.
            let asOf = origin.asOf
            if !summary.hasOrigin {
                summary.state.lastSynced = asOf
            } else if let current = summary.state.lastSynced {
                summary.state.lastSynced = asOf.map { min($0, current) }
            }
            summary.hasOrigin = true
            summary.state.isOffline = summary.state.isOffline || origin.isLocal
        }
    }

    /// Records refused offline changes an answer brings whose origin was recorded already (the replica's).
    ///
    /// - Parameter rejectedChanges: Offline changes the server refused since the table's last read.
    package func record(rejectedChanges: [RejectedChange]) {
        guard !rejectedChanges.isEmpty else { return }
        summary.withLock { $0.state.rejectedChanges += rejectedChanges }
    }

    package var result: Summary { summary.value }
}
