import FitCore

/// What an ``OfflineFirstClient`` keeps locally: one ``ReplicaRule`` per table or view, and the read-only
/// functions whose last answer it keeps. Queries on anything else need the server.
public struct ReplicaPolicy: Sendable, Hashable {
    /// The tables and views the replica keeps, at most one rule per relation.
    public var rules: [ReplicaRule]
    /// Read-only functions (`rpc`) whose last answer, per role and arguments, is kept and given back offline.
    public var cachedFunctions: Set<String>

    /// Declares a policy.
    ///
    /// - Parameters:
    ///   - rules: The tables and views to keep, one rule each.
    ///   - cachedFunctions: The read-only functions whose last answer is kept; none by default.
    public init(rules: [ReplicaRule], cachedFunctions: Set<String> = []) {
        self.rules = rules
        self.cachedFunctions = cachedFunctions
    }

    /// The rule for `relation`, if the replica keeps it.
    ///
    /// - Parameter relation: A table or view name.
    /// - Returns: Its rule, or `nil` when the replica does not keep it.
    public func rule(for relation: String) -> ReplicaRule? { rules.first { $0.relation == relation } }

    /// FitKit's contract: the member's own events, ratings, exercise history and workouts in full and writable
    /// offline (events, ratings and workouts resolved by `updated_at`); the exercise catalogue, the member's
    /// profile, bookings and credit ledger, the studios and classes read-only; the timetable the member has looked
    /// at, until a day after each class starts; and the last credit summary.
    public static let fitKit = ReplicaPolicy(
        rules: [
            ReplicaRule("events", isWritableOffline: true, versionColumn: "updated_at"),
            ReplicaRule(
                "exercise_ratings", key: ["member_id", "exercise_id"], isWritableOffline: true,
                versionColumn: "updated_at"),
            ReplicaRule("exercise_history", isWritableOffline: true),
            ReplicaRule("workouts", isWritableOffline: true, versionColumn: "updated_at"),
            ReplicaRule("exercises"),
            ReplicaRule("members"),
            ReplicaRule("bookings"),
            ReplicaRule("credit_ledger"),
            ReplicaRule("studios"),
            ReplicaRule("class_sessions", retention: .untilPast(column: "starts_at", by: .seconds(86_400))),
            ReplicaRule(
                "bookable_sessions", key: ["session_id"], isPerMember: true,
                retention: .untilPast(column: "start_time", by: .seconds(86_400))),
        ],
        cachedFunctions: ["credit_summary"]
    )
}
