import FitCore
import Foundation

/// Every request the Credits feature sends.
public struct CreditsQueries: Sendable {
    public let client: any DatabaseClient

    public init(client: any DatabaseClient) {
        self.client = client
    }

    /// The signed-in member's balance and soon-expiring credits (`credit_summary()`); `FB009` when signed out.
    public func getSummary() async throws -> CreditSummary {
        try await client.rpc("credit_summary").execute().value
    }

    /// The signed-in member's ledger, newest first (row-level security shows only their rows).
    public func getLedger() async throws -> [CreditLedgerEntry] {
        try await client.from("credit_ledger").select()
            .order("created_at", ascending: false).order("id").execute().value
    }

    /// The committed changes to the member's ledger (a booking or refund from another device too).
    public func followLedger() -> AsyncThrowingStream<DatabaseChange, any Error> {
        client.changes(to: "credit_ledger")
    }
}
