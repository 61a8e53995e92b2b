import FitCore
import Foundation

/// Every request the Credits feature sends.
public struct CreditsQueries: Sendable {
    /// The backend the requests go to, acting as the signed-in member.
    public let client: any DatabaseClient

    /// Creates the Credits requests over `client`.
    ///
    /// - Parameter client: The backend, acting as the member whose credits these are.
    public init(client: any DatabaseClient) {
        self.client = client
    }

    /// The signed-in member's balance and soon-expiring credits (`credit_summary()`); `FB009` when signed out.
    /// - Returns: The member's balance, credits expiring within 14 days and the earliest expiry.
    /// - Throws: `DatabaseError` `FB009` when signed out, `FB010` when the signed-in user has no member (a deleted
    ///   account), or the backend's error.
    public func getSummary() async throws -> CreditSummary {
        try await client.rpc("credit_summary").execute().value
    }

    /// The signed-in member's ledger, newest first (row-level security shows only their rows).
    /// - Returns: The member's ledger entries, newest first.
    /// - Throws: The backend's error (`DatabaseError`, `ConnectionError`, `ResponseDecodingError`).
    public func getLedger() async throws -> [CreditLedgerEntry] {
        try await client.from("credit_ledger").select()
            .order("created_at", ascending: false).order("id").execute().value
    }

    /// The signed-in member's ledger with the class of each booking debit and refund, newest first, in one request
    /// (the ledger embeds its bookings, and they their classes).
    /// - Returns: The member's ledger lines, newest first.
    /// - Throws: The backend's error (`DatabaseError`, `ConnectionError`, `ResponseDecodingError`).
    public func getLedgerLines() async throws -> [CreditLedgerLine] {
        try await client.from("credit_ledger")
            .select("*, booking:bookings(class_session:class_sessions(name, starts_at))")
            .order("created_at", ascending: false).order("id").execute().value
    }

    /// The committed changes to the member's ledger (a booking or refund from another device too).
    /// - Returns: The change feed of `credit_ledger`, until the consuming task is cancelled.
    public func followLedger() -> AsyncThrowingStream<DatabaseChange, any Error> {
        client.changes(to: "credit_ledger")
    }
}
