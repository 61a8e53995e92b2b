import Credits

extension CreditLedgerEntry.Reason {
    /// Credits a membership plan grants: the feature's own ledger reason, namespaced by the feature.
    static let planGrant: Self = "memberships.plan_grant"
}
