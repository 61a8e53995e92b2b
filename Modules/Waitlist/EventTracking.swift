import Foundation

/// What a ``WaitlistStore`` has told its app: the entries it saw waiting, and which of them (and which closed lists)
/// it has reported, so each event is reported once whatever order concurrent loads finish in.
struct EventTracking: Sendable {
    /// The entries the store saw waiting (or joined through it).
    var seenWaiting: Set<UUID> = []
    /// The entries whose event was reported.
    var told: Set<UUID> = []
    /// The classes whose closed list was reported.
    var toldClosed: Set<UUID> = []

    /// The events of `entries` not reported yet: each entry seen waiting that has stopped waiting.
    mutating func news(in entries: [WaitlistEntry]) -> [WaitlistEvent] {
        var events: [WaitlistEvent] = []
        for entry in entries {
            if entry.status == .waiting {
                seenWaiting.insert(entry.id)
                continue
            }
            guard seenWaiting.contains(entry.id), !told.contains(entry.id), let event = WaitlistEvent(entry) else {
                continue
            }
            if case .closed(let sessionId) = event, !toldClosed.insert(sessionId).inserted { continue }
            told.insert(entry.id)
            events.append(event)
        }
        return events
    }
}
