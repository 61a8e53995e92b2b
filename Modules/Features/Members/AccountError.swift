import FitCore
import Foundation

/// Why a call about the signed-in member's own account was refused, with the contract's code and message.
///
/// Every function that acts for a member raises these two the same way; ``MembersQueries`` turns them into this type
/// (the booking functions' callers see the same codes as `BookingError.notSignedIn` and
/// `BookingError.noMemberProfile`).
public enum AccountError: String, ContractError {
    /// `FB009`: nobody is signed in (anonymous, or the service role).
    case notSignedIn = "FB009"
    /// `FB010`: the signed-in user has no member: their account was deleted, or their sign-up made none (an email
    /// another member already has).
    case noMemberProfile = "FB010"

    /// ``message`` in ``/FitCore/FitLocalization/locale``'s language: what a member is shown.
    public var errorDescription: String? { localized.string(forKey: message) }

    /// The message the SQL functions raise, in English.
    public var message: String {
        switch self {
        case .notSignedIn: "Not signed in"
        case .noMemberProfile: "No member profile for this account"
        }
    }
}
