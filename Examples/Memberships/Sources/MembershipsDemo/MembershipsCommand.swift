import ArgumentParser
import FitDemoKit
import Memberships

/// `memberships-demo memberships`: the member's plans and the credits they granted, or pausing one.
public struct MembershipsCommand: DemoCommand {
    /// The subcommand's name and help.
    public static let configuration = CommandConfiguration(
        commandName: "memberships", abstract: "The member's plans, with the credits they granted; --pause PLAN.")

    /// `fit-demo` itself, which holds the global options (`--member`, `--data-file`, …).
    @ParentCommand public var root: FitDemoCommand

    /// The plan to pause: `monthly` or `yearly`.
    @Option(help: "Pause the member's plan of this name (monthly or yearly).")
    public var pause: String?

    /// A command with no plan to pause, as ArgumentParser makes it.
    public init() {}

    /// Lists the plans, pausing one first when `--pause` names it.
    ///
    /// - Parameter context: The run's backend, member and output.
    /// - Throws: ``/Memberships/MembershipError``, Members' `AccountError`, or the connection's error.
    public func run(in context: DemoContext) async throws {
        let store = MembershipsStore(queries: MembershipsQueries(client: context.client))
        await store.load()
        if let error = store.error { throw error }
        if let pause {
            guard let plan = store.memberships.first(where: { $0.plan == pause }) else {
                throw ValidationError("\(context.member.displayName) has no \(pause) plan")
            }
            try await store.pause(plan.id)
            context.output.line("Paused \(context.member.displayName)'s \(pause) plan.")
        }
        MembershipsDemo.printPlans(store.memberships, in: context)
    }
}
