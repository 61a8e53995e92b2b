import FitCore
import FitInMemory
import FitOffline

/// One feature's part of the data contract, declared once, next to each other: the Swift mirror of its migration
/// (tables, views, functions), the business rules its functions raise, how its views follow their tables, what an
/// offline replica keeps of it, and its rows of the seed.
///
/// ``FitKitContract`` adds up the features' declarations, and every layer that must know about a feature learns of it
/// from there: the embedded database installs the schema, FitPostgres follows the views through the feeds, the offline
/// client keeps what the rules say. An app adds a feature of its own by declaring one of these and composing it with
/// FitKit's in its own code (`FitKitContract.features + [memberships]`, see "Adding a feature module" in
/// Architecture.md); `validate()` on the composed list checks the declarations are whole.
public struct FeatureContract: Sendable {
    /// The feature's name, for messages (`Booking`).
    public var name: String
    /// The Swift mirror of the feature's migration.
    public var schema: InMemorySchema
    /// The business rules the feature's functions raise, as every backend raises them.
    public var errors: [DatabaseError]
    /// How the feature's views follow their tables.
    public var viewFeeds: [ViewFeed]
    /// What an offline replica keeps of each of the feature's tables and views: one rule each.
    public var replicaRules: [ReplicaRule]
    /// The feature's read-only functions whose last answer an offline replica keeps.
    public var cachedFunctions: Set<String>
    /// How the feature writes its rows of ``FitKitSeed``, or `nil` for none.
    public var seed: FeatureSeed?

    /// Declares a feature's part of the contract.
    ///
    /// - Parameters:
    ///   - name: The feature's name.
    ///   - schema: The Swift mirror of its migration: tables, views and functions.
    ///   - errors: The business rules its functions raise; none by default.
    ///   - viewFeeds: How its views follow their tables; none by default.
    ///   - replicaRules: What an offline replica keeps of each of its tables and views.
    ///   - cachedFunctions: Its read-only functions whose last answer is kept offline; none by default.
    ///   - seed: How it writes its rows of ``FitKitSeed``; none by default.
    public init(
        name: String, schema: InMemorySchema, errors: [DatabaseError] = [], viewFeeds: [ViewFeed] = [],
        replicaRules: [ReplicaRule], cachedFunctions: Set<String> = [], seed: FeatureSeed? = nil
    ) {
        self.name = name
        self.schema = schema
        self.errors = errors
        self.viewFeeds = viewFeeds
        self.replicaRules = replicaRules
        self.cachedFunctions = cachedFunctions
        self.seed = seed
    }
}
