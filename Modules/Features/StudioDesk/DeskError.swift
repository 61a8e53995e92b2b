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
        }
    }
}
