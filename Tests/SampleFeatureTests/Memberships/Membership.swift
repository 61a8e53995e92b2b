import Foundation

/// A member's plan, as the `memberships` table stores it: the sample feature "Adding a feature module" builds.
struct Membership: Codable, Sendable, Hashable, Identifiable {
    var id: UUID
    var memberId: UUID
    var plan: String
    /// When the member paused it; `nil` while it runs.
    var pausedAt: Date?
}
