import ArgumentParser

/// `fit-demo credits`.
struct CreditsCommand: DemoCommand {
    static let configuration = CommandConfiguration.demo(
        "credits", abstract: "The credit balance, credits expiring soon and the ledger.")

    @ParentCommand var root: FitDemoCommand

    func run(in context: DemoContext) async throws {
        try await context.showCredits()
    }
}
