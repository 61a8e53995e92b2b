import FitCore
import FitInMemory
import FitOffline
import Waitlist

/// The waitlist's part of the contract (`0009_waitlist.sql`): the studios' cutoffs and the lines, the functions that
/// join, leave, read and close them (`FW001`…`FW008` are ``/Waitlist/WaitlistError``), and the triggers that promote
/// when a spot frees. Offline, the member's entries and the cutoffs are kept read-only and the last lines are cached;
/// joining and leaving need the server.
enum WaitlistContract {
    static let feature = FeatureContract(
        name: "Waitlist",
        schema: InMemorySchema(
            tables: [WaitlistSchema.settings, WaitlistSchema.entries],
            functions: [
                .init(JoinWaitlist.name, JoinWaitlist.run), .init(LeaveWaitlist.name, LeaveWaitlist.run),
                .init(WaitlistLinesFunction.name, WaitlistLinesFunction.run),
                .init(CloseWaitlists.name, CloseWaitlists.run),
            ],
            triggers: [WaitlistTriggers.afterBooking, WaitlistTriggers.afterCapacity]),
        errors: WaitlistError.allCases.map(\.databaseError),
        replicaRules: [
            ReplicaRule(WaitlistSchema.settings.name, key: ["studio_id"]),
            ReplicaRule(WaitlistSchema.entries.name),
        ],
        cachedFunctions: [WaitlistLinesFunction.name],
        seed: WaitlistSeed.write)
}
