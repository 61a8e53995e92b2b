import FitCore
import Foundation

/// Why the studio's desk refused an operation, with the contract's code and message. Nothing was changed.
///
/// A caller who is not signed in, or has no member, gets Members' `AccountError` (`FB009`, `FB010`) instead.
public enum DeskError: String, ContractError {
    /// `FD001`: the signed-in member is not staff of the class's studio (or, for an owner's operation, not its
    /// owner).
    case notStaff = "FD001"
    /// `FD002`: there is no such class.
    case classNotFound = "FD002"
    /// `FD003`: the class is cancelled already.
    case alreadyCancelled = "FD003"
    /// `FD004`: the class has started, so it can no longer be cancelled.
    case classStarted = "FD004"
    /// `FD005`: a capacity below 0 or above 10 000.
    case invalidCapacity = "FD005"
    /// `FD006`: a full-refund window below 0 or above 43 200 minutes (30 days).
    case invalidRefundWindow = "FD006"
    /// `FD007`: a class without a name (blank after trimming spaces, tabs and line breaks).
    case missingName = "FD007"
    /// `FD008`: a class whose start is not in the future.
    case startInThePast = "FD008"
    /// `FD009`: a duration below 1 or above 600 minutes.
    case invalidDuration = "FD009"
    /// `FD010`: a credit cost below 0 or above 1 000.
    case invalidCreditCost = "FD010"
    /// `FD011`: credits to grant or take back of 0, or beyond ±1 000.
    case invalidCreditAmount = "FD011"
    /// `FD012`: a grant or take-back without a reason.
    case missingReason = "FD012"
    /// `FD013`: the member is not waiting in the class's line.
    case notInLine = "FD013"
    /// `FD014`: taking back more credits than the member holds.
    case notEnoughCredits = "FD014"
    /// `FD015`: there is no such member.
    case memberNotFound = "FD015"
    /// `FD016`: a booking window below 1 or above 365 days.
    case invalidBookingWindow = "FD016"
    /// `FD017`: a line cap below 1 or above 1 000.
    case invalidLineCap = "FD017"
    /// `FD018`: a waitlist cutoff below 0 or above 10 080 minutes (a week).
    case invalidWaitlistCutoff = "FD018"
    /// `FD019`: a place outside the line (below 1, or beyond the number waiting).
    case notInLinePlace = "FD019"

    /// ``message`` in ``/FitCore/FitLocalization/locale``'s language: what the desk shows.
    public var errorDescription: String? { localized.string(forKey: message) }

    /// The message the SQL functions raise, in English.
    public var message: String {
        switch self {
        case .notStaff: "Not staff of this studio"
        case .classNotFound: "Class not found"
        case .alreadyCancelled: "Class already cancelled"
        case .classStarted: "Class has already started"
        case .invalidCapacity: "Capacity must be 0 to 10000"
        case .invalidRefundWindow: "Full-refund window must be 0 to 43200 minutes"
        case .missingName: "Class needs a name"
        case .startInThePast: "Class must start in the future"
        case .invalidDuration: "Duration must be 1 to 600 minutes"
        case .invalidCreditCost: "Credit cost must be 0 to 1000"
        case .invalidCreditAmount: "Credits must be a non-zero amount up to 1000"
        case .missingReason: "A reason is needed"
        case .notInLine: "Not on the line"
        case .notEnoughCredits: "Not enough credits to take back"
        case .memberNotFound: "Member not found"
        case .invalidBookingWindow: "Booking must open 1 to 365 days ahead"
        case .invalidLineCap: "A line holds 1 to 1000 members"
        case .invalidWaitlistCutoff: "Waitlist cutoff must be 0 to 10080 minutes"
        case .notInLinePlace: "Place must be within the line"
        }
    }
}
