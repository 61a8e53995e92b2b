import FitCore
import FitInMemory
import FitOffline

/// What a list of features hands the backends: an app composes FitKit's features with its own
/// (`FitKitContract.features + [MembershipsContract.feature]`) and reads these, as ``FitKitContract`` does.
extension [FeatureContract] {
    /// The features' schemas added up, in order (a feature's tables after those it references).
    public var schema: InMemorySchema { map(\.schema).reduce(InMemorySchema(), +) }

    /// Every feature's view feeds, for `PostgresDatabase(…, viewFeeds:)`.
    public var viewFeeds: [ViewFeed] { flatMap(\.viewFeeds) }

    /// What an offline replica keeps of these features: every rule and cached function, over their schema.
    public var replicaPolicy: ReplicaPolicy {
        ReplicaPolicy(
            rules: flatMap(\.replicaRules), cachedFunctions: reduce(into: []) { $0.formUnion($1.cachedFunctions) },
            schema: schema)
    }

    /// Every business rule the features' functions raise.
    public var errors: [DatabaseError] { flatMap(\.errors) }
}
