import Foundation

/// Collects the origin of every response a store's load receives, through a task-local value: the builder's
/// `executeRaw()` reports each ``RawResponse`` to the recorder of the task it runs in, so queries need no extra
/// parameter to tell their store that the answer was local.
package final class ResponseRecorder: Sendable {
    @TaskLocal package static var current: ResponseRecorder?

    package struct Summary: Sendable {
        package var isOffline = false
        package var lastSynced: Date?
        package var rejectedChanges: [RejectedChange] = []
        /// Whether any response said where it came from.
        package var hasOrigin = false
    }

    private let summary = LockedState(Summary())

    package init() {}

    package func record(_ response: RawResponse) {
        summary.withLock { summary in
            summary.rejectedChanges += response.rejectedChanges
            guard let origin = response.origin else { return }
            // The oldest confirmation wins: a screen built from a fresh and a stale answer is as old as the stale one.
            let asOf = origin.asOf
            if !summary.hasOrigin {
                summary.lastSynced = asOf
            } else if let current = summary.lastSynced {
                summary.lastSynced = asOf.map { min($0, current) }
            }
            summary.hasOrigin = true
            summary.isOffline = summary.isOffline || origin.isLocal
        }
    }

    package var result: Summary { summary.value }
}
