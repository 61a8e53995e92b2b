import Foundation

/// One member waiting in a class's line, as the desk sees it (``DeskQueries/line(of:)``).
public struct LineEntry: Codable, Sendable, Hashable, Identifiable {
    /// Who waits.
    public var memberId: UUID
    /// Their display name.
    public var displayName: String
    /// Their place: 1 is next.
    public var place: Int
    /// When they joined.
    public var joinedAt: Date

    /// The member's id, so lists can identify rows.
    public var id: UUID { memberId }

    /// A line entry.
    ///
    /// - Parameters:
    ///   - memberId: Who waits.
    ///   - displayName: Their display name.
    ///   - place: Their place, 1 next.
    ///   - joinedAt: When they joined.
    public init(memberId: UUID, displayName: String, place: Int, joinedAt: Date) {
        self.memberId = memberId
        self.displayName = displayName
        self.place = place
        self.joinedAt = joinedAt
    }
}
