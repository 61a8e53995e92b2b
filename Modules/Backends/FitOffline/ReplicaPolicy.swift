import FitCore
import FitInMemory

/// What an ``OfflineFirstClient`` keeps locally: one ``ReplicaRule`` per table or view, the read-only functions whose
/// last answer it keeps, and the schema the relations' columns come from. Queries on anything else need the server.
///
/// A schema's declarations make one (FitContract's `FitKitContract.replicaPolicy` is FitKit's).
public struct ReplicaPolicy: Sendable {
    /// The tables and views the replica keeps, at most one rule per relation.
    public var rules: [ReplicaRule]
    /// Read-only functions (`rpc`) whose last answer, per role and arguments, is kept and given back offline.
    public var cachedFunctions: Set<String>
    /// The tables and views the rules name, as the in-memory database declares them: the replica's tables take their
    /// columns.
    public var schema: InMemorySchema

    /// Declares a policy.
    ///
    /// - Parameters:
    ///   - rules: The tables and views to keep, one rule each.
    ///   - cachedFunctions: The read-only functions whose last answer is kept; none by default.
    ///   - schema: The schema declaring every table and view the rules name.
    public init(rules: [ReplicaRule], cachedFunctions: Set<String> = [], schema: InMemorySchema) {
        self.rules = rules
        self.cachedFunctions = cachedFunctions
        self.schema = schema
    }

    /// The rule for `relation`, if the replica keeps it.
    ///
    /// - Parameter relation: A table or view name.
    /// - Returns: Its rule, or `nil` when the replica does not keep it.
    public func rule(for relation: String) -> ReplicaRule? { rules.first { $0.relation == relation } }
}
