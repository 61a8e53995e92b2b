import FitCore
import FitInMemory
import FitOffline

/// Events' part of the contract: the member's countdowns, writable offline, the later `updated_at` winning.
enum EventsContract {
    static let feature = FeatureContract(
        name: "Events", schema: InMemorySchema(tables: [EventsSchema.table]),
        replicaRules: [ReplicaRule("events", isWritableOffline: true, versionColumn: "updated_at")],
        seed: EventsSeed.write)
}
