import FitCore
import Foundation

/// A booking rule the backend refused, with the contract's stable code (`FB001`…`FB010`, `FB013`) and message.
///
/// `book_session` and `cancel_booking` raise these as ``/FitCore/DatabaseError``s on every backend;
/// ``BookingQueries`` turns them into this type so callers can switch over the rules. The raw value is the code;
/// ``/FitCore/ContractError`` supplies `code`, `databaseError`, `init?(_:)` and the description
/// (`FB001: Session is full`).
public enum BookingError: String, ContractError {
    /// `FB001`: no spots left.
    case sessionFull = "FB001"
    /// `FB002`: the member already holds an active booking for the session (a double tap books once).
    case alreadyBooked = "FB002"
    /// `FB003`: the balance is below the session's credit cost.
    case insufficientCredits = "FB003"
    /// `FB004`: the class has started (or finished).
    case classStarted = "FB004"
    /// `FB005`: the studio cancelled the class.
    case classCancelled = "FB005"
    /// `FB006`: a booking cannot be cancelled once its class has started.
    case cancellationClosed = "FB006"
    /// `FB007`: the session or booking does not exist, or the booking is someone else's.
    case notFound = "FB007"
    /// `FB008`: the booking was already cancelled.
    case bookingNotActive = "FB008"
    /// `FB009`: no signed-in member.
    case notSignedIn = "FB009"
    /// `FB010`: the signed-in user has no member (their account was deleted, or their sign-up made none).
    case noMemberProfile = "FB010"
    /// `FB013`: the studio opens booking a set number of days before each class, and this class's has not opened.
    case bookingNotOpen = "FB013"

    /// ``message`` in ``/FitCore/FitLocalization/locale``'s language: what a member is shown.
    public var errorDescription: String? { localized.string(forKey: message) }

    /// The message the SQL function raises, in English.
    public var message: String {
        switch self {
        case .sessionFull: "Session is full"
        case .alreadyBooked: "Session already booked"
        case .insufficientCredits: "Insufficient credits"
        case .classStarted: "Class has already started"
        case .classCancelled: "Class has been cancelled"
        case .cancellationClosed: "Cancellation is closed after the class starts"
        case .notFound: "Not found"
        case .bookingNotActive: "Booking is not active"
        case .bookingNotOpen: "Booking is not open yet"
        case .notSignedIn: "Not signed in"
        case .noMemberProfile: "No member profile for this account"
        }
    }
}
