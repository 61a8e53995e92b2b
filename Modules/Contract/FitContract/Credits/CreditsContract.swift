import FitCore
import FitInMemory
import FitOffline

/// Credits' part of the contract: the ledger, read-only offline, and `credit_summary`, whose last answer is kept.
enum CreditsContract {
    static let feature = FeatureContract(
        name: "Credits",
        schema: InMemorySchema(
            tables: [CreditsSchema.ledgerTable],
            functions: [.init(CreditSummaryFunction.name, CreditSummaryFunction.run)]),
        replicaRules: [ReplicaRule("credit_ledger")],
        cachedFunctions: [CreditSummaryFunction.name],
        seed: CreditsSeed.write)
}
