import Booking
import Events
import FitCore
import FitInMemory
import FitOffline
import FitSupabase
import Foundation
import History
import SessionDetails

/// Turns any error a command can meet into one friendly line (without the `error: ` prefix).
enum ErrorMessage {
    static func text(for error: any Error) -> String {
        switch error {
        case let error as DemoError: return error.description
        case let error as BookingError: return text(for: error)
        case let error as DatabaseError:
            if let rule = BookingError(error) { return text(for: rule) }
            return text(for: error)
        case let error as SessionDetailsError: return error.localizedDescription
        case let error as EventsError: return error.localizedDescription
        case let error as HistoryError: return error.localizedDescription
        case let error as ConnectionError: return error.localizedDescription
        case let error as OfflineError: return error.localizedDescription
        case let error as SupabaseError: return text(for: error)
        case let error as EventValidationError: return error.localizedDescription
        case let error as WorkoutsError: return error.localizedDescription
        case let error as RatingError: return error.localizedDescription
        case let error as HIITSessionError: return error.localizedDescription
        case let error as PersistenceError: return error.description
        case let error as ResponseDecodingError: return error.description
        default: return String(describing: error)
        }
    }

    /// The contract's booking rules, in words a member understands: the demo's own in English, the error's
    /// description in other languages.
    static func text(for error: BookingError) -> String {
        guard FitLocalization.locale.writesEnglish else {
            return error.localizedDescription
        }
        return switch error {
        case .sessionFull: "that class is full"
        case .alreadyBooked: "you have already booked that class"
        case .insufficientCredits: "you do not have enough credits for that class (see `fit-demo credits`)"
        case .classStarted: "that class has already started"
        case .classCancelled: "that class has been cancelled by the studio"
        case .cancellationClosed: "bookings cannot be cancelled once the class has started"
        case .notFound: "no such class or booking"
        case .bookingNotActive: "that booking is already cancelled"
        case .notSignedIn: "no member is signed in"
        case .noMemberProfile: "the signed-in account has no member (it was deleted)"
        case .bookingNotOpen: "booking for that class has not opened yet (the studio opens it a set time ahead)"
        }
    }

    /// Who the Supabase project thinks the caller is.
    private static func text(for error: SupabaseError) -> String {
        switch error {
        case .notAuthenticated(let reason):
            "the project refused the access token (\(reason.message)): sign in again and pass the new token"
        case .cannotActAs(let requested, _):
            "only the signed-in member's own data can be used over Supabase (asked for \(requested))"
        }
    }

    /// Constraint and PostgREST errors, by code.
    private static func text(for error: DatabaseError) -> String {
        switch error.code {
        case "23505": "that already exists (\(error.message))"
        case "23514": "the database refused a value (\(error.message))"
        case "23502": "a required value is missing (\(error.message))"
        case "23503": "that refers to something that does not exist (\(error.message))"
        case "22P02": "a value has the wrong format (\(error.message))"
        case "42501": "you are not allowed to do that (\(error.message))"
        case "PGRST116": "nothing found"
        case "PGRST205", "PGRST202": "the database has no FitKit schema: \(error.message)"
        default: "database error \(error.code): \(error.message)"
        }
    }
}
