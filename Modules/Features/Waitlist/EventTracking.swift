import Foundation
import Notifications

/// What a ``WaitlistStore`` has told its app: the inbox rows it reported, the entries it saw waiting, and the classes
/// whose closed line it reported, so each event is reported once whatever order concurrent loads finish in.
struct EventTracking: Sendable {
    /// The inbox rows reported.
    var told: Set<UUID> = []
    /// The entries the store saw waiting (or joined through it).
    var seenWaiting: Set<UUID> = []
    /// The classes whose closed line was reported.
    var toldClosed: Set<UUID> = []

    /// The events not reported yet: each unread waitlist notification of the inbox (oldest first), then each entry
    /// seen waiting whose line has since closed without an inbox row saying so (a cutoff no scheduler has reached yet).
    mutating func news(inbox: [MemberNotification], entries: [WaitlistEntry]) -> [WaitlistEvent] {
        var events: [WaitlistEvent] = []
        for notification in inbox.sorted(by: { $0.createdAt < $1.createdAt }) where notification.isUnread {
            guard !told.contains(notification.id), let event = WaitlistEvent(notification) else { continue }
            told.insert(notification.id)
            if case .closed(let sessionId) = event, !toldClosed.insert(sessionId).inserted { continue }
            events.append(event)
        }
        for entry in entries {
            if entry.status == .waiting {
                seenWaiting.insert(entry.id)
            } else if entry.status == .closed, seenWaiting.contains(entry.id),
                toldClosed.insert(entry.classSessionId).inserted
            {
                events.append(.closed(sessionId: entry.classSessionId))
            }
        }
        return events
    }
}
