/// The business errors of FitKit's data contract (`Backend/CONTRACT.md`): the codes and messages that
/// `Backend/migrations/0004_functions.sql` raises (`raise exception using errcode = 'FB00…'`). Every backend
/// raises them as ``DatabaseError``s with exactly these codes and messages; feature modules map them to their
/// own typed errors (Booking's `BookingError`).
public enum ContractErrorCode: String, Sendable, Hashable, CaseIterable {
    /// `FB001`: no spots left.
    case sessionFull = "FB001"
    /// `FB002`: the member already holds an active booking for the session.
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

    /// The message the SQL function raises.
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

    /// The error as a backend raises it.
    public var error: DatabaseError { DatabaseError(code: rawValue, message: message) }

    /// The contract error behind `error`, or `nil` when it is not one.
    ///
    /// - Parameter error: An error a backend threw; only its ``DatabaseError/code`` is looked at (`FB001`…`FB009`), not
    ///   its message.
    public init?(_ error: DatabaseError) {
        self.init(rawValue: error.code)
    }
}
