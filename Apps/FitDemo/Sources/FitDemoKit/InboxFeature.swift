import FitCore
import Foundation
import Notifications

/// What `fit-demo inbox --json` prints.
struct InboxReport: Encodable {
    var unread: Int
    var notifications: [InboxLine]
}

/// One notification as `fit-demo inbox --json` prints it.
struct InboxLine: Encodable {
    var id: UUID
    var kind: String
    var message: String
    var classSessionId: UUID?
    var createdAt: Date
    var isUnread: Bool
}

extension DemoContext {
    /// The member's inbox, through ``NotificationsStore``.
    func loadInbox() async throws -> NotificationsStore {
        let store = NotificationsStore(queries: NotificationsQueries(client: client), now: environment.now)
        await store.load()
        if let error = store.error { throw error }
        return store
    }

    /// `inbox [read]`: the member's notifications, newest first, unread ones marked; `read` marks them all read.
    func showInbox(markingRead: Bool) async throws {
        let store = try await loadInbox()
        if markingRead { try await store.markAllRead() }
        if json {
            return try emitJSON(
                InboxReport(
                    unread: store.unreadCount,
                    notifications: store.notifications.map {
                        InboxLine(
                            id: $0.id, kind: $0.kind.rawValue, message: $0.message, classSessionId: $0.classSessionId,
                            createdAt: $0.createdAt, isUnread: $0.isUnread)
                    }))
        }
        printInbox(store)
    }

    /// The inbox as text: "Inbox of Maya Thompson · 1 unread", then a line per notification.
    func printInbox(_ store: NotificationsStore) {
        output.line("Inbox of \(member.displayName) · \(store.unreadCount) unread")
        if store.notifications.isEmpty { output.line("  (empty)") }
        // Newest first; the demo's clock stands still, so notifications of one run share a time: by kind then, and
        // by what they say.
        let ordered = store.notifications.sorted {
            ($0.createdAt, $1.kind.rawValue, $1.message) > ($1.createdAt, $0.kind.rawValue, $0.message)
        }
        for notification in ordered {
            let mark = notification.isUnread ? "•" : " "
            output.line(
                "  \(mark) \(memberFormatter.shortDate(notification.createdAt)), "
                    + "\(memberFormatter.time(notification.createdAt)) · \(notification.message)")
        }
    }
}
