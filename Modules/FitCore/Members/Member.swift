import Foundation

/// A studio member: the signed-in user whose rows row-level security shows.
public struct Member: Codable, Sendable, Hashable, Identifiable {
    public var id: UUID
    public var displayName: String
    public var email: String
    /// The member's IANA time zone (`Europe/London`): personal history is grouped by days in this zone.
    public var timeZone: String

    public init(id: UUID = UUID(), displayName: String, email: String, timeZone: String = "UTC") {
        self.id = id
        self.displayName = displayName
        self.email = email
        self.timeZone = timeZone
    }
}
