import FitCore
import Foundation

/// The requests about members. Row-level security shows a member only their own row; the service role (a back
/// office, the demo) sees everyone.
public struct MembersQueries: Sendable {
    /// The backend.
    public let client: any DatabaseClient

    /// Creates the member requests over `client`.
    ///
    /// - Parameter client: The backend, acting as a member (who sees their own row) or the service role.
    public init(client: any DatabaseClient) {
        self.client = client
    }

    /// The members the client may see, by display name.
    ///
    /// - Returns: The visible members (just the signed-in member's own row for a member client), ordered by display
    ///   name and then id.
    /// - Throws: ``/FitCore/DatabaseError`` when the database refuses the request, ``/FitCore/ConnectionError`` when the backend cannot
    ///   be reached, ``/FitCore/ResponseDecodingError`` when a row does not decode as a ``Member``, `CancellationError` when the
    ///   task is cancelled.
    public func getMembers() async throws -> [Member] {
        try await client.from("members").select("id, display_name, email, time_zone")
            .order("display_name").order("id").execute().value
    }

    /// The longest display name ``updateProfile(displayName:timeZone:)`` accepts, in Unicode code points.
    public static let displayNameLimit = 80

    /// Changes the signed-in member's own display name and time zone (`update_my_profile`); what is `nil` stays as
    /// it is. Only the member's own row can change: the call names no member.
    ///
    /// - Parameters:
    ///   - displayName: The new name, stored without leading and trailing spaces, tabs and line breaks; 1 to
    ///     ``displayNameLimit`` characters then. `nil` (the default) keeps the name.
    ///   - timeZone: The new IANA time zone (`Europe/Berlin`); `nil` (the default) keeps it.
    /// - Returns: The member as stored after the change.
    /// - Throws: ``ProfileError/invalidDisplayName`` or ``ProfileError/unknownTimeZone`` for bad input,
    ///   ``AccountError/notSignedIn`` for an anonymous or service-role client, ``AccountError/noMemberProfile`` when
    ///   the signed-in user has no member, ``/FitCore/ConnectionError`` when the backend cannot be reached,
    ///   `CancellationError` when the task is cancelled; nothing is changed then.
    public func updateProfile(displayName: String? = nil, timeZone: String? = nil) async throws -> Member {
        var parameters: [String: String] = [:]
        parameters["display_name"] = displayName
        parameters["time_zone"] = timeZone
        do {
            return try await client.rpc("update_my_profile", params: parameters).execute().value
        } catch let error as DatabaseError {
            if let refusal = ProfileError(error) { throw refusal }
            throw AccountError(error) ?? error
        }
    }

    /// Deletes the signed-in member's account (`delete_my_account()`), as an app's settings screen offers it: their
    /// bookings of classes yet to start are cancelled first (the spots return, and waitlists move on), then their
    /// member row and every row that identifies them (bookings, credit ledger, events, ratings, exercise history,
    /// workouts, waitlist entries) are deleted with their auth user, on every backend.
    ///
    /// The credit ledger is deleted, not kept without a name: its rows are the member's own history, and payments are
    /// the payment provider's records, not FitKit's. On Supabase the auth user is removed too, so the person cannot sign
    /// in again; their access token stays valid until it expires, and every call with it then fails with
    /// ``AccountError/noMemberProfile``, so sign out (supabase-swift's `auth.signOut()`) after this returns.
    ///
    /// - Returns: Whose account went and how many future bookings were cancelled.
    /// - Throws: ``AccountError/notSignedIn`` for an anonymous or service-role client,
    ///   ``AccountError/noMemberProfile`` when the signed-in user has no member (already deleted),
    ///   ``/FitCore/ConnectionError`` when the backend cannot be reached, `CancellationError` when the task is
    ///   cancelled; nothing is deleted then.
    public func deleteAccount() async throws -> AccountDeletion {
        do {
            return try await client.rpc("delete_my_account").execute().value
        } catch let error as DatabaseError {
            throw AccountError(error) ?? error
        }
    }
}
