import FitCore
import Foundation
import Members

extension BackOffice {
    /// Creates accounts as sign-ups would (`create_accounts`): an auth user each and, from it, a member.
    ///
    /// An account whose id exists already is left as it is and its member returned, so creating the same accounts
    /// twice changes nothing.
    ///
    /// - Parameter accounts: The accounts, in order.
    /// - Returns: Their members, in the order of `accounts`.
    /// - Throws: A ``/FitCore/DatabaseError`` when the database refuses an account (`23505` for an email or phone
    ///   another account has, `42501` for a client that is not the service role); no account is created then.
    @discardableResult
    public func createAccounts(_ accounts: [NewAccount]) async throws -> [Member] {
        guard !accounts.isEmpty else { return [] }
        return try await service.rpc("create_accounts", params: ["accounts": accounts]).execute().value
    }

    /// Adds a member, with a purchase of `credits` when positive.
    ///
    /// - Parameters:
    ///   - name: The display name; the email is made from it and the new id, so it is unique.
    ///   - timeZone: The member's IANA time zone; `UTC` by default.
    ///   - credits: Credits to buy for the member; none by default.
    ///   - expiresAt: When those credits expire, or `nil` (the default) for never.
    /// - Returns: The new member, with a new id.
    /// - Throws: A ``/FitCore/DatabaseError`` when the database refuses the account or the ledger row.
    @discardableResult
    public func addMember(
        _ name: String, timeZone: String = "UTC", credits: Decimal = 0, expiresAt: Date? = nil
    ) async throws -> Member {
        let members = try await addMembers([name], timeZone: timeZone, credits: credits, expiresAt: expiresAt)
        return members[0]
    }

    /// Adds members (an account each, as ``createAccounts(_:)``), each with a purchase of `credits` when positive, in
    /// two requests.
    ///
    /// - Parameters:
    ///   - names: The display names, in order; each email is made from the name and the new id, so it is unique.
    ///   - timeZone: The members' IANA time zone; `UTC` by default.
    ///   - credits: Credits to buy for each; none when 0 or less.
    ///   - expiresAt: When those credits expire, or `nil` (the default) for never.
    /// - Returns: The new members, in the order of `names`, with new ids.
    /// - Throws: A ``/FitCore/DatabaseError`` when the database refuses a row; no row of that request is written.
    @discardableResult
    public func addMembers(
        _ names: [String], timeZone: String = "UTC", credits: Decimal = 0, expiresAt: Date? = nil
    ) async throws -> [Member] {
        let members = try await createAccounts(
            names.map { name in
                let id = UUID()
                let local = name.lowercased().filter { $0.isLetter || $0.isNumber }
                return NewAccount(
                    id: id, email: "\(local)-\(id.uuidString.lowercased())@example.com", displayName: name,
                    timeZone: timeZone)
            })
        if credits > 0 {
            try await service.insertSeedRows(
                members.map {
                    LedgerRow(id: UUID(), memberId: $0.id, amount: credits, reason: "purchase", expiresAt: expiresAt)
                }, into: "credit_ledger")
        }
        return members
    }
}
