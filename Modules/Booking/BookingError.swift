import FitCore

/// A booking rule the backend refused, with the contract's stable code (`FB001`…`FB009`) and message.
///
/// `book_session` and `cancel_booking` raise these as ``/FitCore/DatabaseError``s on both backends;
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

    /// The contract's error behind the rule.
    public var contractCode: ContractErrorCode {
        switch self {
        case .sessionFull: .sessionFull
        case .alreadyBooked: .alreadyBooked
        case .insufficientCredits: .insufficientCredits
        case .classStarted: .classStarted
        case .classCancelled: .classCancelled
        case .cancellationClosed: .cancellationClosed
        case .notFound: .notFound
        case .bookingNotActive: .bookingNotActive
        case .notSignedIn: .notSignedIn
        }
    }

    /// The contract's SQLSTATE-style code (`FB001`…).
    public var code: String { contractCode.rawValue }

    /// The contract's message.
    public var message: String { contractCode.message }

    /// The rule behind a database error, or `nil` when the error is not a booking rule.
    ///
    /// - Parameter error: An error a backend threw; only its code counts (`FB001`…`FB009`).
    public init?(_ error: DatabaseError) {
        guard let code = ContractErrorCode(error), let rule = Self.allCases.first(where: { $0.contractCode == code })
        else { return nil }
        self = rule
    }

    /// The error as the backend raises it.
    public var databaseError: DatabaseError { contractCode.error }

    /// The code and message together, e.g. `FB001: Session is full`.
    public var description: String { "\(code): \(message)" }
}
