import FitCore

/// A booking rule the backend refused, with the contract's stable code (`FB001`…`FB009`) and message.
///
/// `book_session` and `cancel_booking` raise these as ``DatabaseError``s on both backends;
/// ``BookingQueries`` turns them into this type so callers can switch over the rules.
public enum BookingError: Error, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `FB001`: no spots left.
    case sessionFull
    /// `FB002`: the member already holds an active booking for the session (a double tap books once).
    case alreadyBooked
    /// `FB003`: the balance is below the session's credit cost.
    case insufficientCredits
    /// `FB004`: the class has started (or finished).
    case classStarted
    /// `FB005`: the studio cancelled the class.
    case classCancelled
    /// `FB006`: a booking cannot be cancelled once its class has started.
    case cancellationClosed
    /// `FB007`: the session or booking does not exist, or the booking is someone else's.
    case notFound
    /// `FB008`: the booking was already cancelled.
    case bookingNotActive
    /// `FB009`: no signed-in member.
    case notSignedIn

    /// The contract's SQLSTATE-style code.
    public var code: String {
        switch self {
        case .sessionFull: "FB001"
        case .alreadyBooked: "FB002"
        case .insufficientCredits: "FB003"
        case .classStarted: "FB004"
        case .classCancelled: "FB005"
        case .cancellationClosed: "FB006"
        case .notFound: "FB007"
        case .bookingNotActive: "FB008"
        case .notSignedIn: "FB009"
        }
    }

    /// The contract's message.
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
        case .notSignedIn: "Not signed in"
        }
    }

    /// The rule behind a database error, or `nil` when the error is not a booking rule.
    public init?(_ error: DatabaseError) {
        guard let rule = Self.allCases.first(where: { $0.code == error.code }) else { return nil }
        self = rule
    }

    /// The error as the backend raises it.
    public var databaseError: DatabaseError { DatabaseError(code: code, message: message) }

    public var description: String { "\(code): \(message)" }
}
