import FitCore

/// The errors `Backend/migrations/0004_functions.sql` raises (`raise exception using errcode = 'FB00…'`), with
/// the same codes and messages, so every backend refuses a booking the same way. Feature modules map the codes
/// to their own typed errors (Booking's `BookingError`).
enum ContractViolation: String, Sendable {
    case sessionFull = "FB001"
    case alreadyBooked = "FB002"
    case insufficientCredits = "FB003"
    case classStarted = "FB004"
    case classCancelled = "FB005"
    case cancellationClosed = "FB006"
    case notFound = "FB007"
    case bookingNotActive = "FB008"
    case notSignedIn = "FB009"

    /// The message the SQL function raises.
    var message: String {
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

    /// The error as PostgREST reports it.
    var error: DatabaseError { DatabaseError(code: rawValue, message: message) }
}
