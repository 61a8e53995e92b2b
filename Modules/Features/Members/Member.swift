import Foundation

/// A studio member: the signed-in user whose rows row-level security shows. Signing up creates the member (the
/// contract's trigger on the auth users); deleting the account (``MembersQueries/deleteAccount()``) removes it.
public struct Member: Codable, Sendable, Hashable, Identifiable {
    /// The member's id: their auth user's id (Supabase's `auth.users`), which row-level security compares with
    /// `auth.uid()`.
    public var id: UUID
    /// The name screens show, e.g. "Alice Adams".
    public var displayName: String
    /// The member's email address, unique across members; `nil` for someone who signed up with a phone number or
    /// anonymously.
    public var email: String?
    /// The member's IANA time zone (`Europe/London`): personal history is grouped by days in this zone.
    public var timeZone: String

    /// Creates a member as the `members` table stores it.
    ///
    /// - Parameters:
    ///   - id: The member's id; a new one by default.
    ///   - displayName: The name screens show.
    ///   - email: The email address, unique across members; `nil` (the default) for none.
    ///   - timeZone: The member's IANA time zone, `UTC` by default.
    public init(id: UUID = UUID(), displayName: String, email: String? = nil, timeZone: String = "UTC") {
        self.id = id
        self.displayName = displayName
        self.email = email
        self.timeZone = timeZone
    }
}
