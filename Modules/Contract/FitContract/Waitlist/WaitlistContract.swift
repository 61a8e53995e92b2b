import FitCore
import FitInMemory
import FitOffline
import Waitlist

/// The waitlist's part of the contract (`0009_waitlist.sql`, `0015_waitlist_on_time.sql`): the studios' cutoffs and
/// the lines, the entries as they stand now (`current_waitlist_entries`), the functions that join, leave, read and
/// close them (`FW001`…`FW008` are ``/Waitlist/WaitlistError``), and the triggers that promote when a spot frees and
/// tell members of a cancelled or moved class. Offline, the member's entries and the cutoffs are kept read-only and
/// the last lines are cached; joining and leaving need the server.
enum WaitlistContract {
    static let feature = FeatureContract(
        name: "Waitlist",
        schema: InMemorySchema(
            tables: [WaitlistSchema.settings, WaitlistSchema.entries],
            views: [CurrentWaitlistEntriesView.schema],
            functions: [
                .init(JoinWaitlist.name, JoinWaitlist.run), .init(LeaveWaitlist.name, LeaveWaitlist.run),
                .init(WaitlistLinesFunction.name, WaitlistLinesFunction.run),
                .init(CloseWaitlists.name, CloseWaitlists.run),
            ],
            // In PostgreSQL's order: its triggers on one table fire in name order.
            triggers: [
                WaitlistTriggers.afterBooking, WaitlistTriggers.classChange, WaitlistTriggers.afterCapacity,
                WaitlistTriggers.countWaiting,
            ]),
        errors: WaitlistError.allCases.map(\.databaseError),
        viewFeeds: [
            // An entry is a row of the view; a class's cancellation or new start changes its entries' status.
            ViewFeed(
                view: CurrentWaitlistEntriesView.schema.name, key: ["id"],
                sources: [
                    .init(table: WaitlistSchema.entries.name, column: "id", viewColumn: "id", effect: .sameRow),
                    .init(
                        table: "class_sessions", column: "id", viewColumn: "class_session_id", effect: .updatesRows),
                ])
        ],
        replicaRules: [
            ReplicaRule(WaitlistSchema.settings.name, key: ["studio_id"]),
            ReplicaRule(WaitlistSchema.entries.name),
            ReplicaRule(CurrentWaitlistEntriesView.schema.name, isPerMember: true),
        ],
        cachedFunctions: [WaitlistLinesFunction.name],
        seed: WaitlistSeed.write)
}
