import FitCore
import Foundation

/// A waitlist rule the backend refused, with the contract's stable code (`FW001`…`FW009`) and message.
///
/// `join_waitlist` and `leave_waitlist` raise these as ``/FitCore/DatabaseError``s on every backend; ``WaitlistQueries``
/// turns them into this type (and `FB009`, nobody signed in, into `BookingError.notSignedIn`; `FB010`, no member, into
/// `BookingError.noMemberProfile`).
public enum WaitlistError: String, ContractError {
    /// `FW001`: the class has spots: book it instead.
    case classHasSpots = "FW001"
    /// `FW002`: the member already holds an active booking for the class.
    case alreadyBooked = "FW002"
    /// `FW003`: the member is already in the class's line.
    case alreadyWaiting = "FW003"
    /// `FW004`: the class has started (or finished).
    case classStarted = "FW004"
    /// `FW005`: the studio cancelled the class.
    case classCancelled = "FW005"
    /// `FW006`: the list closed at its cutoff before the class (see ``WaitlistLine/closesAt``).
    case waitlistClosed = "FW006"
    /// `FW007`: the member is not in the class's line.
    case notWaiting = "FW007"
    /// `FW008`: there is no such class.
    case classNotFound = "FW008"
    /// `FW009`: the line holds as many as the class (or its studio) allows.
    case waitlistFull = "FW009"

    /// ``message`` in ``/FitCore/FitLocalization/locale``'s language: what a member is shown.
    public var errorDescription: String? { localized.string(forKey: message) }

    /// The message the SQL function raises, in English.
    public var message: String {
        switch self {
        case .classHasSpots: "Class has spots: book instead"
        case .alreadyBooked: "Already booked"
        case .alreadyWaiting: "Already on the waitlist"
        case .classStarted: "Class has already started"
        case .classCancelled: "Class has been cancelled"
        case .waitlistClosed: "The waitlist is closed"
        case .notWaiting: "Not on the waitlist"
        case .classNotFound: "Class not found"
        case .waitlistFull: "The waitlist is full"
        }
    }
}
