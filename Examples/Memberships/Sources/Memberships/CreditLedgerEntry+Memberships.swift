import Credits

extension CreditLedgerEntry.Reason {
    /// Credits a membership plan grants: the feature's own ledger reason, namespaced by the feature.
    public static let planGrant: Self = "memberships.plan_grant"
}
