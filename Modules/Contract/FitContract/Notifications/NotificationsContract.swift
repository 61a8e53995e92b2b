import FitCore
import FitInMemory
import FitOffline

/// The inbox's part of the contract (`0014_member_inbox.sql`): the members' `notifications`, the function that marks
/// them read, and the refund trigger of `0015_waitlist_on_time.sql`. The waitlist's functions and triggers write the
/// rest of its rows. Offline, the inbox is kept read-only; marking read needs the server.
enum NotificationsContract {
    static let feature = FeatureContract(
        name: "Notifications",
        schema: InMemorySchema(
            tables: [NotificationsSchema.table],
            functions: [.init(MarkNotificationsRead.name, MarkNotificationsRead.run)],
            triggers: [RefundNotice.trigger]),
        replicaRules: [ReplicaRule(NotificationsSchema.table.name)], seed: NotificationsSeed.write)
}
