import Foundation

/// A member's plan, as the `memberships` table stores it.
public struct Membership: Codable, Sendable, Hashable, Identifiable {
    /// The plan's id.
    public var id: UUID
    /// Whose plan it is.
    public var memberId: UUID
    /// `monthly` or `yearly`.
    public var plan: String
    /// When the member paused it; `nil` while it runs.
    public var pausedAt: Date?
    /// The credits the feature granted the member (`membership_overview`); `nil` where the row came from the table.
    public var creditsGranted: Decimal?

    /// A plan as the table stores it.
    ///
    /// - Parameters:
    ///   - id: The plan's id.
    ///   - memberId: Whose plan it is.
    ///   - plan: `monthly` or `yearly`.
    ///   - pausedAt: When the member paused it, or `nil`.
    ///   - creditsGranted: The credits the feature granted the member, or `nil`.
    public init(id: UUID, memberId: UUID, plan: String, pausedAt: Date? = nil, creditsGranted: Decimal? = nil) {
        self.id = id
        self.memberId = memberId
        self.plan = plan
        self.pausedAt = pausedAt
        self.creditsGranted = creditsGranted
    }
}
