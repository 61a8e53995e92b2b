import FitCore
import Foundation

/// Why ``MembersQueries/updateProfile(displayName:timeZone:)`` refused a change, with the contract's code and message.
/// Nothing was changed.
public enum ProfileError: String, ContractError {
    /// `FB011`: the display name is empty (after trimming spaces, tabs and line breaks) or longer than
    /// ``MembersQueries/displayNameLimit`` characters.
    case invalidDisplayName = "FB011"
    /// `FB012`: the time zone is not an IANA time zone the server knows (`Europe/London`).
    case unknownTimeZone = "FB012"

    /// ``message`` in ``/FitCore/FitLocalization/locale``'s language: what a member is shown.
    public var errorDescription: String? { localized.string(forKey: message) }

    /// The message the SQL function raises, in English.
    public var message: String {
        switch self {
        case .invalidDisplayName: "Display name must be 1 to 80 characters"
        case .unknownTimeZone: "Unknown time zone"
        }
    }
}
