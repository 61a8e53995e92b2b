import Foundation
import Members

/// An account a back office creates (`create_accounts`): what a sign-up would give Supabase Auth. Its member is made
/// from it as a sign-up's is: the display name, else the email's local part, else the phone number, else "Member".
public struct NewAccount: Encodable, Sendable, Hashable {
    /// The auth user's (and so the member's) id; a new one when `nil`.
    public var id: UUID?
    /// The email address, or `nil` for a phone-only or anonymous account.
    public var email: String?
    /// The phone number, or `nil`.
    public var phone: String?
    /// Whether the account is anonymous (Supabase Auth's anonymous sign-in).
    public var isAnonymous: Bool
    /// The name screens show, or `nil` to derive it.
    public var displayName: String?
    /// The member's IANA time zone, or `nil` for UTC.
    public var timeZone: String?

    /// Describes an account.
    ///
    /// - Parameters:
    ///   - id: The account's id; a new one by default.
    ///   - email: The email address; none by default.
    ///   - phone: The phone number; none by default.
    ///   - isAnonymous: Whether the account is anonymous; `false` by default.
    ///   - displayName: The name screens show; derived from the email or phone by default.
    ///   - timeZone: The IANA time zone; UTC by default.
    public init(
        id: UUID? = nil, email: String? = nil, phone: String? = nil, isAnonymous: Bool = false,
        displayName: String? = nil, timeZone: String? = nil
    ) {
        self.id = id
        self.email = email
        self.phone = phone
        self.isAnonymous = isAnonymous
        self.displayName = displayName
        self.timeZone = timeZone
    }

    /// The account whose sign-up makes `member`.
    ///
    /// - Parameter member: The member to create.
    public init(member: Member) {
        self.init(id: member.id, email: member.email, displayName: member.displayName, timeZone: member.timeZone)
    }

    private enum CodingKeys: String, CodingKey {
        case id, email, phone
        case isAnonymous = "is_anonymous"
        case displayName = "display_name"
        case timeZone = "time_zone"
    }
}
