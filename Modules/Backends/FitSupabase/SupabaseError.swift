import FitCore
import Foundation

/// What only a Supabase backend can refuse: the caller's identity. Everything the database itself refuses is
/// a ``/FitCore/DatabaseError`` (with the same codes as on every backend), and an unreachable server is a
/// ``/FitCore/ConnectionError``.
public enum SupabaseError: LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// The server refused the access token (HTTP 401: `PGRST301` malformed or badly signed, `PGRST302`
    /// anonymous access disabled, `PGRST303` expired or with invalid claims). Sign in again or refresh the
    /// session, then retry.
    case notAuthenticated(DatabaseError)
    /// `acting(as:)` asked for a role that the access token does not prove (another member, or the service role
    /// with a member's token). Nothing was sent: only a token can say who the caller is.
    case cannotActAs(requested: DatabaseRole, proven: DatabaseRole?)

    /// What a member is shown, in ``/FitCore/FitLocalization/locale``'s language: to sign in again after a refused
    /// token. Acting as another role is a mistake in the app, and says so in English.
    public var errorDescription: String? {
        switch self {
        case .notAuthenticated: localized("You are signed out: sign in again.")
        case .cannotActAs: description
        }
    }

    /// A sentence for logs, in English, naming what was refused: the server's error for a refused token (`The access token was refused:
    /// PGRST303: JWT expired`), or the requested and proven roles.
    public var description: String {
        switch self {
        case .notAuthenticated(let error): "The access token was refused: \(error)"
        case .cannotActAs(let requested, let proven):
            "Cannot act as \(requested): the access token proves \(proven.map { "\($0)" } ?? "no known role")."
        }
    }
}
