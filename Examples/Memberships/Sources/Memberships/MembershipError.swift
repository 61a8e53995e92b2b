import FitCore

/// The rules `pause_membership` enforces, written once: the raw value is the code the SQL raises, in the apps' range
/// (FitKit's `Backend/CONTRACT.md`, "Code ranges").
public enum MembershipError: String, ContractError {
    /// `MS001`: no such membership of the signed-in member.
    case notFound = "MS001"
    /// `MS002`: the membership is paused already.
    case alreadyPaused = "MS002"

    /// The message the SQL raises with the code.
    public var message: String {
        switch self {
        case .notFound: "Membership not found"
        case .alreadyPaused: "Membership is already paused"
        }
    }
}
