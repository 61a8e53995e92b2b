import FitDemoKit
import Foundation
import Memberships
import MembershipsContract

/// The Memberships feature in fit-demo: its feature in the embedded database, its subcommand, its tour section.
public enum MembershipsDemo {
    /// What the app adds to fit-demo.
    public static let demoExtension = DemoExtension(
        features: [MembershipsContract.feature], commands: [MembershipsCommand.self],
        tourSections: [DemoTourSection("Memberships · a plan paused", run: tour)])

    /// The tour's section: the member's plans, then the monthly one paused.
    @Sendable static func tour(_ context: DemoContext) async throws {
        let store = MembershipsStore(queries: MembershipsQueries(client: context.client))
        await store.load()
        if let error = store.error { throw error }
        printPlans(store.memberships, in: context)
        guard let monthly = store.memberships.first(where: { $0.plan == "monthly" && $0.pausedAt == nil }) else {
            return
        }
        try await store.pause(monthly.id)
        context.output.line("\(context.member.displayName) pauses the monthly plan.")
        printPlans(store.memberships, in: context)
    }

    /// One line a plan: `  yearly   running  · 8.00 credits granted`.
    static func printPlans(_ plans: [Membership], in context: DemoContext) {
        if plans.isEmpty { context.output.line("  \(context.member.displayName) has no plans.") }
        for plan in plans {
            let state = plan.pausedAt.map { "paused \(context.memberFormatter.shortDate($0))" } ?? "running"
            let credits = context.memberFormatter.decimal(plan.creditsGranted ?? 0)
            context.output.line(
                "  \(plan.plan.padding(toLength: 8, withPad: " ", startingAt: 0)) \(state) · \(credits) credits granted"
            )
        }
    }
}
