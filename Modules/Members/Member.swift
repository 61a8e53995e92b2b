import Foundation

/// A studio member: the signed-in user whose rows row-level security shows.
public struct Member: Codable, Sendable, Hashable, Identifiable {
    /// The member's id: Supabase's `auth.users` id, which row-level security compares with `auth.uid()`.
    public var id: UUID
    /// The name screens show, e.g. "Alice Adams".
    public var displayName: String
    /// The member's email address; unique across members.
    public var email: String
    /// The member's IANA time zone (`Europe/London`): personal history is grouped by days in this zone.
    public var timeZone: String

    /// Creates a member as the `members` table stores it.
    ///
    /// - Parameters:
    ///   - id: The member's id; a new one by default.
    ///   - displayName: The name screens show.
    ///   - email: The email address, unique across members.
    ///   - timeZone: The member's IANA time zone, `UTC` by default.
    public init(id: UUID = UUID(), displayName: String, email: String, timeZone: String = "UTC") {
        self.id = id
        self.displayName = displayName
        self.email = email
        self.timeZone = timeZone
    }
}
